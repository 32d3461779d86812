/**
 * One question per process, as a person types it: `askdata ask` (the bin), `npm run -s ask`, `npx
 * askdata ask`, and the way `npm run ask` used to start it (the tsx CLI running ask.ts), against the demo
 * warehouse that already exists and a store that is already migrated (the first run creates it and is
 * reported on its own). Wall time from spawn to exit; the bin also reports its own phases (--timings).
 * The variants run interleaved, so a change in machine load hits all of them alike.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { msSince, nowNs } from '../lib/clock';
import { REPO_ROOT } from '../lib/config';

export const CLI_QUESTION = 'revenue by category';

export interface CliVariant {
  label: string;
  runsMs: number[];
}

export interface CliPhases {
  loadMs: number;
  storeMs: number;
  answerDepsMs: number;
  runtimeMs: number;
  answerMs: number;
  totalMs: number;
}

export interface CliReport {
  question: string;
  firstRunMs: number;
  variants: CliVariant[];
  /** The bin's own --timings, one per timed run. */
  phases: CliPhases[];
}

interface Invocation {
  label: string;
  command: string;
  args: (askArgs: string[]) => string[];
}

const BIN = join(REPO_ROOT, 'apps', 'cli', 'bin', 'askdata.cjs');
const invocations: Invocation[] = [
  { label: 'askdata ask (node apps/cli/bin/askdata.cjs)', command: process.execPath, args: (a) => [BIN, 'ask', ...a] },
  { label: 'npm run -s ask', command: 'npm', args: (a) => ['run', '-s', 'ask', '--', ...a] },
  { label: 'npx askdata ask', command: 'npx', args: (a) => ['askdata', 'ask', ...a] },
  { label: 'before: tsx CLI running ask.ts (the old npm run ask)', command: join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), args: (a) => [join(REPO_ROOT, 'apps', 'cli', 'src', 'ask.ts'), ...a] },
];

function runOnce(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const started = nowNs();
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = msSince(started);
      if (code === 0) resolve({ ms, stderr });
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr}`));
    });
  });
}

/** `timings: start-up and module loading 612 ms; store 231 ms and model + value index 402 ms in parallel: 420 ms; answer + store write 41 ms; total 1290 ms` */
export function parseTimings(stderr: string): CliPhases | null {
  const match = /start-up and module loading (\d+) ms; store (\d+) ms and model \+ value index (\d+) ms in parallel: (\d+) ms; answer \+ store write (\d+) ms; total (\d+) ms/.exec(stderr);
  if (!match) return null;
  const [loadMs, storeMs, answerDepsMs, runtimeMs, answerMs, totalMs] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  return { loadMs, storeMs, answerDepsMs, runtimeMs, answerMs, totalMs };
}

export async function benchCli(warehousePath: string, runs: number): Promise<CliReport> {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-bench-cli-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: `file:${join(dir, 'cli.db')}`, TIMEZONE: 'UTC' };
  delete env.TENANCY;
  const askArgs = ['--data', warehousePath, '--model', DEMO_MODEL_PATH, '--context', 'orgId=1', '--timings', CLI_QUESTION];
  try {
    const [bin] = invocations;
    if (!bin) throw new Error('no CLI invocation');
    const first = await runOnce(bin.command, bin.args(askArgs), env);
    const variants: CliVariant[] = invocations.map((invocation) => ({ label: invocation.label, runsMs: [] }));
    const phases: CliPhases[] = [];
    for (let run = 0; run < runs; run++) {
      for (const [index, invocation] of invocations.entries()) {
        const result = await runOnce(invocation.command, invocation.args(askArgs), env);
        variants[index]?.runsMs.push(result.ms);
        const timings = index === 0 ? parseTimings(result.stderr) : null;
        if (timings) phases.push(timings);
      }
    }
    return { question: CLI_QUESTION, firstRunMs: first.ms, variants, phases };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
