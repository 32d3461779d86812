/**
 * `npm run bench:startup`: the two whole-process figures issue 31 asks for, as a user meets them, each a
 * median of 5 runs after one warm-up run, and written as its block of docs/benchmarks.md:
 * - `npm start` (the root script, through npm as README says) until it prints the ready banner, which it
 *   does only after both apps answered /readyz; both /readyz are checked again, then the whole process
 *   group is stopped. The ports are free ones, so a running askdata is left alone; everything else is
 *   the default (the demo data and store under data/, both already made by the warm-up).
 * - the installed `askdata` bin (node_modules/.bin/askdata, not through npm) answering a demo question,
 *   timed by /usr/bin/time (wall, user and system CPU).
 * Time limits belong here, not in tests: the targets (10 s and 1 s on an idle machine) are reported,
 * with the machine's load average before and after, never asserted.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRepoRoot } from '@askdata/env';
import { freePort } from '../test-support/postgres-server';
import { describeMachine } from './lib/machine';
import { withBlock } from './lib/report-block';
import { STARTUP_BLOCK } from './startup-block';

const RUNS = 5;
const QUESTION = 'revenue by category last month';
const repoRoot = findRepoRoot(__dirname);
const REPORT_PATH = join(repoRoot, 'docs', 'benchmarks.md');

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** One `npm start` until its banner; resolves with the seconds from spawn to the banner. */
async function timeNpmStart(): Promise<number> {
  const ports = { PORT: String(await freePort()), LEGACY_PORT: String(await freePort()) };
  const started = process.hrtime.bigint();
  // Its own process group, so npm, the start script and both apps stop together.
  const child = spawn('npm', ['start'], { cwd: repoRoot, env: { ...process.env, ...ports }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    const seconds = await new Promise<number>((resolve, reject) => {
      const check = (): void => {
        if (output.includes('ask-legacy: http://localhost:')) resolve(Number(process.hrtime.bigint() - started) / 1e9);
        else if (child.exitCode !== null) reject(new Error(`npm start exited ${child.exitCode}:\n${output}`));
        else setTimeout(check, 10);
      };
      check();
    });
    for (const port of [ports.PORT, ports.LEGACY_PORT]) {
      const status = (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
      if (status !== 200) throw new Error(`/readyz on ${port} answered ${status} after the banner`);
    }
    return seconds;
  } finally {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

interface TimedRun {
  wall: number;
  cpu: number;
}

/** One question through the installed bin under /usr/bin/time (its line goes to stderr, joined to stdout by the shell). */
function timeAskdataBinWithTimes(): TimedRun {
  const bin = join(repoRoot, 'node_modules', '.bin', 'askdata');
  const out = execFileSync('sh', ['-c', `/usr/bin/time -f 'TIME %e %U %S' "$0" ask --context orgId=1 "$1" 2>&1`, bin, QUESTION], { cwd: repoRoot, encoding: 'utf8' });
  const times = /TIME (\S+) (\S+) (\S+)/.exec(out);
  if (!times || !/revenue/i.test(out)) throw new Error(`askdata did not answer:\n${out}`);
  return { wall: Number(times[1]), cpu: Number(times[2]) + Number(times[3]) };
}

function section(load: { before: number; after: number }, start: { warmup: number; runs: number[] }, ask: { warmup: TimedRun; runs: TimedRun[] }): string {
  const machine = describeMachine();
  const s = (value: number): string => value.toFixed(2);
  return [
    STARTUP_BLOCK.begin,
    '## Start-up and the CLI from built output (issue 31)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench:startup\` on ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}; **load average ${load.before.toFixed(2)} before and ${load.after.toFixed(2)} after** (the machine is shared: this is not an idle machine unless those are near 0). Whole processes, ${RUNS} runs each after one warm-up run.`,
    '',
    '| what | target (idle machine) | median s | min s | max s | warm-up s |',
    '| --- | --- | --- | --- | --- | --- |',
    `| \`npm start\`, spawn to the ready banner (both apps answered /readyz) | under 10 | ${s(median(start.runs))} | ${s(Math.min(...start.runs))} | ${s(Math.max(...start.runs))} | ${s(start.warmup)} |`,
    `| installed \`askdata\` bin: \`askdata ask --context orgId=1 "${QUESTION}"\`, wall | under 1 | ${s(median(ask.runs.map((r) => r.wall)))} | ${s(Math.min(...ask.runs.map((r) => r.wall)))} | ${s(Math.max(...ask.runs.map((r) => r.wall)))} | ${s(ask.warmup.wall)} |`,
    `| the same, CPU (user + system) | — | ${s(median(ask.runs.map((r) => r.cpu)))} | ${s(Math.min(...ask.runs.map((r) => r.cpu)))} | ${s(Math.max(...ask.runs.map((r) => r.cpu)))} | ${s(ask.warmup.cpu)} |`,
    '',
    `Runs, in order: npm start ${start.runs.map(s).join(', ')} s; askdata ${ask.runs.map((r) => s(r.wall)).join(', ')} s.`,
    STARTUP_BLOCK.end,
  ].join('\n');
}

async function main(): Promise<void> {
  const before = describeMachine().loadAverage;
  const startWarmup = await timeNpmStart();
  const startRuns: number[] = [];
  for (let i = 0; i < RUNS; i += 1) startRuns.push(await timeNpmStart());
  const askWarmup = timeAskdataBinWithTimes();
  const askRuns = Array.from({ length: RUNS }, () => timeAskdataBinWithTimes());
  const after = describeMachine().loadAverage;
  const text = section({ before, after }, { warmup: startWarmup, runs: startRuns }, { warmup: askWarmup, runs: askRuns });
  process.stdout.write(`${text}\n`);
  const existing = readFileSync(REPORT_PATH, 'utf8');
  writeFileSync(REPORT_PATH, withBlock(existing, STARTUP_BLOCK, text));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
