/**
 * `npm run bench:planner -- --baseline <git ref> [--rounds N]`: the rules engine against an earlier one, in
 * one process and one run, on the demo question set with each question's own tenant values. The earlier
 * engine is checked out from git into a temporary worktree (sharing this checkout's node_modules) and
 * loaded beside the current one; every round asks each question of both, alternating which goes first, so
 * a noisy machine slows both alike. Writes its block of docs/benchmarks.md, with where the time goes now
 * (the top frames of a CPU profile of the current engine).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRulesPlanner, resolveTenantScope, type PlannerInput, type SemanticModel, type ValueIndex } from '@askdata/core';
import { createAnswerDeps } from '@askdata/service';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { msSince, nowNs } from './lib/clock';
import { MAX_ROWS, PINNED_NOW, REPO_ROOT, REPORT_PATH, SCALE_DEMO, TIMEOUT_MS } from './lib/config';
import { profileTopFrames } from './lib/cpu-profile';
import { log } from './lib/log';
import { describeMachine } from './lib/machine';
import { loadBenchQuestions } from './lib/questions';
import { withBlock } from './lib/report-block';
import { PLANNER_AB_BLOCK } from './planner-ab-block';
import { summarise, type Summary } from './lib/stats';
import { ensureWarehouse } from './lib/warehouses';

const BLOCK = PLANNER_AB_BLOCK;

interface PlanFn {
  (input: PlannerInput): unknown;
}

function parseArgs(argv: readonly string[]): { baseline: string; rounds: number } {
  let baseline: string | undefined;
  let rounds = 40;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--baseline') baseline = argv[++i];
    else if (argv[i] === '--rounds') rounds = Number(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]}; usage: npm run bench:planner -- --baseline <git ref> [--rounds N]`);
  }
  if (baseline === undefined || !/^[\w./-]+$/.test(baseline)) throw new Error('--baseline <git ref> is required (a commit, branch or tag)');
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a positive whole number');
  return { baseline, rounds };
}

/** The baseline's rules planner, loaded from a worktree of `ref` (its core imports nothing of ours but its own files). */
function loadBaseline(ref: string, dir: string): { commit: string; create: (options: { model: SemanticModel; valueIndex?: ValueIndex }) => { planSync: PlanFn } } {
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', dir, commit], { cwd: REPO_ROOT });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  const candidates = ['packages/core/src/nl/rules-planner.ts'];
  const path = candidates.map((c) => join(dir, c)).find((p) => existsSync(p));
  if (path === undefined) throw new Error(`${ref} has no rules planner at ${candidates.join(' or ')}`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the baseline is only known at run time
  const module = require(path) as { createRulesPlanner: (options: { model: SemanticModel; valueIndex?: ValueIndex }) => { planSync: PlanFn } };
  return { commit, create: module.createRulesPlanner };
}

function machineLine(): string {
  const m = describeMachine();
  return `${m.cores} × ${m.cpuModel}, ${m.memoryGb} GiB, Node ${m.node}, load average ${m.loadAverage.toFixed(2)} at the start`;
}

const us = (ms: number): string => `${Math.round(ms * 1000)} µs`;
const ratio = (after: number, before: number): string => `${(after / before).toFixed(2)}×`;

async function main(): Promise<void> {
  const { baseline, rounds } = parseArgs(process.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), 'askdata-planner-baseline-'));
  rmSync(dir, { recursive: true, force: true });
  const warehouse = ensureWarehouse(SCALE_DEMO);
  const deps = await createAnswerDeps({ dataSourceUrl: warehouse.path, semanticModelPath: DEMO_MODEL_PATH, timezone: 'UTC', maxRows: MAX_ROWS, timeoutMs: TIMEOUT_MS, clock: () => PINNED_NOW });
  try {
    const old = loadBaseline(baseline, dir);
    const before = old.create({ model: deps.model });
    const after = createRulesPlanner({ model: deps.model });
    const questions = loadBenchQuestions().filter((q) => q.chain === undefined);
    const inputs: PlannerInput[] = [];
    for (const q of questions) inputs.push({ question: q.question, history: [], now: PINNED_NOW, timezone: 'UTC', values: await deps.tenantValues(resolveTenantScope(deps.model, q.context)) });
    const samples = { before: [] as number[], after: [] as number[] };
    const time = (plan: PlanFn, input: PlannerInput): number => {
      const t = nowNs();
      plan(input);
      return msSince(t);
    };
    for (let round = -5; round < rounds; round++) {
      for (const input of inputs) {
        const first = round % 2 === 0;
        const a = first ? time(before.planSync, input) : 0;
        const b = time(after.planSync, input);
        const c = first ? 0 : time(before.planSync, input);
        if (round >= 0) {
          samples.before.push(first ? a : c);
          samples.after.push(b);
        }
      }
    }
    const profile = await profileTopFrames(async () => {
      for (let round = 0; round < Math.max(5, rounds / 2); round++) for (const input of inputs) after.planSync(input);
    }, 15);
    const b = summarise(samples.before);
    const a = summarise(samples.after);
    log(`baseline ${old.commit}: median ${us(b.median)}, p99 ${us(b.p99)}; now: median ${us(a.median)}, p99 ${us(a.p99)}`);
    const row = (label: string, s: Summary): string => `| ${label} | ${s.count} | ${us(s.median)} | ${us(s.p90)} | ${us(s.p99)} | ${us(s.max)} |`;
    const block = [
      BLOCK.begin,
      '## The rules engine against an earlier one (issue 26)',
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench:planner -- --baseline ${baseline}\` (baseline commit ${old.commit}, the engine before it was rebuilt as named rules) on ${machineLine()}. Both engines plan the ${inputs.length} standalone demo questions with each question's own tenant values, ${rounds} rounds after 5 warm-up rounds, in one process, alternating which engine goes first; times are planning alone (planSync).`,
      '',
      '| engine | samples | median | p90 | p99 | max |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      row(`before (${old.commit})`, b),
      row('now', a),
      '',
      `Now against before: median ${ratio(a.median, b.median)}, p99 ${ratio(a.p99, b.p99)} (the target: no more than 1.10×).`,
      '',
      '### Where the time goes now',
      '',
      'Top frames by self time in a CPU profile of the current engine planning the same questions:',
      '',
      '| frame | self time |',
      '| --- | ---: |',
      ...profile.map((f) => `| \`${f.frame.replace(/\|/g, '\\|')}\` | ${f.selfPercent.toFixed(1)}% |`),
      BLOCK.end,
    ].join('\n');
    const current = existsSync(REPORT_PATH) ? readFileSync(REPORT_PATH, 'utf8') : '# Benchmarks\n';
    writeFileSync(REPORT_PATH, withBlock(current, BLOCK, block));
    log(`wrote ${REPORT_PATH}`);
  } finally {
    await deps.close();
    try {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: REPO_ROOT });
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  log(`bench:planner failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
