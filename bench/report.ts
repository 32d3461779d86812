/** Renders one benchmark run as docs/benchmarks.md: machine first, then targets, then each section. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HotFrame } from './lib/cpu-profile';
import type { LimitSummary } from './lib/limit-summary';
import type { Machine } from './lib/machine';
import { mb, ms, ratio, table, us, verdict } from './lib/markdown';
import type { Warehouse } from './lib/warehouses';
import type { Footprint } from './sections/footprint';
import type { IndexExperiment } from './sections/index-experiment';
import type { QuestionLimit } from './sections/limit';
import type { LoadResult } from './sections/load';
import type { StageReport } from './sections/stages';
import type { StartupReport } from './sections/startup';
import type { CliReport } from './sections/cli';
import type { StoreWriteReport } from './sections/store-write';
import type { CacheReport } from './sections/result-cache';
import { resultCacheSection, resultCacheTarget } from './report-result-cache';
import { adversarialSection, adversarialTarget } from './report-adversarial-planning';
import type { AdversarialReport } from './sections/adversarial-planning';
import { median } from './lib/stats';

export interface LoadRun {
  store: string;
  idleRssMb: number;
  result: LoadResult;
}

export interface ScaleRun {
  label: string;
  results: QuestionLimit[];
  summary: LimitSummary;
  footprint: Footprint;
  rssAfterMb?: number;
}

export interface BenchResults {
  machine: Machine;
  args: { full: boolean; quick: boolean; render?: boolean };
  durationS: number;
  warehouses: Warehouse[];
  postgresVersion: string | undefined;
  questionsTotal: number;
  stages: StageReport;
  storeWrites: { store: string; report: StoreWriteReport }[];
  startup: StartupReport;
  /** Absent in results saved before the CLI section existed. */
  cli?: CliReport;
  loads: LoadRun[];
  loadSeconds: number;
  connections: number;
  serverProfile: { layers: HotFrame[]; frames: HotFrame[] };
  scaleRuns: ScaleRun[];
  perClassSample: number;
  indexExperiment: IndexExperiment;
  /** Absent in results saved before the result cache existed. */
  resultCache?: CacheReport;
  /** Absent in results saved before hostile questions were planned (issue 25). */
  adversarial?: AdversarialReport;
}

const frames = (list: readonly HotFrame[]): string => table(['share of samples', 'frame'], list.map((f) => [`${f.selfPercent.toFixed(1)} %`, `\`${f.frame}\``]));

function targets(r: BenchResults): string {
  const demo = r.scaleRuns[0]?.summary;
  const large = r.scaleRuns.slice(1);
  const restart = median(r.startup.restartMs);
  const write = r.storeWrites[0]?.report.both.median ?? Number.NaN;
  const rows: (string | number)[][] = [
    ['understand + compile, median', '< 0.5 ms', `${us(r.stages.understandPlusCompile.median)} µs`, verdict(r.stages.understandPlusCompile.median < 0.5)],
    ['understand + compile, p99', '< 2 ms', `${us(r.stages.understandPlusCompile.p99)} µs`, verdict(r.stages.understandPlusCompile.p99 < 2)],
    ...(r.adversarial ? [adversarialTarget(r.adversarial)] : []),
    ...(demo
      ? [
          ['overhead above raw, in-process pipeline, median (50k)', '< 2 ms', `${ms(demo.pipelineOverheadMs)} ms`, verdict(demo.pipelineOverheadMs < 2)],
          ['overhead above raw, over HTTP incl. store write, median (50k)', '< 2 ms', `${ms(demo.httpOverheadMs)} ms`, verdict(demo.httpOverheadMs < 2)],
        ]
      : []),
    ...large.flatMap((run) => [
      [`answer ÷ raw over HTTP, ${run.label}, time-weighted`, '≤ 1.2×', ratio(run.summary.httpRatioWeighted), verdict(run.summary.httpRatioWeighted <= 1.2)],
      [`answer ÷ raw over HTTP, ${run.label}, median question`, '≤ 1.2×', ratio(run.summary.httpRatioMedian), verdict(run.summary.httpRatioMedian <= 1.2)],
    ]),
    ['start-up to first answer (restart, median)', '< 3 s', `${ms(restart / 1000)} s`, verdict(restart < 3000)],
    ...(r.cli
      ? r.cli.variants.slice(0, 2).map((variant) => {
          const wall = median(variant.runsMs);
          return [`CLI question on an existing demo, ${variant.label.replace(/ \(.*\)$/, '')} (issue 18, median)`, '< 2 s', `${ms(wall / 1000)} s`, verdict(wall < 2000)];
        })
      : []),
    ...(r.resultCache
      ? [((t) => [`repeated dashboard question, cache hit over HTTP ÷ raw query, ${r.resultCache?.label} (issue 15, median)`, '< 1×', ratio(t.measured), verdict(t.met)])(resultCacheTarget(r.resultCache))]
      : []),
    ['store write (conversation + answer), SQLite, median', 'not dominating', `${ms(write)} ms`, demo ? verdict(write < demo.httpMedianMs / 2) : 'n/a'],
  ];
  return table(['target (issue 7, 15, 25)', 'goal', 'measured', ''], rows);
}

function limitTable(runs: readonly ScaleRun[]): string {
  return table(
    ['data', 'questions', 'raw median', 'raw p90', 'execute − raw', 'pipeline median', 'pipeline − raw', 'HTTP median', 'HTTP − raw (median / p90)', 'HTTP ÷ raw (median question)', 'HTTP ÷ raw (time-weighted)', 'pipeline ÷ raw (time-weighted)'],
    runs.map(({ summary: s }) => [
      s.label, s.questions, ms(s.rawMedianMs), ms(s.rawP90Ms), ms(s.executeOverheadMs), ms(s.pipelineMedianMs), ms(s.pipelineOverheadMs), ms(s.httpMedianMs),
      `${ms(s.httpOverheadMs)} / ${ms(s.httpOverheadP90Ms)}`, ratio(s.httpRatioMedian), ratio(s.httpRatioWeighted), ratio(s.pipelineRatioWeighted),
    ]),
  );
}

function perClassTable(run: ScaleRun): string {
  const classes = [...new Set(run.results.map((q) => q.questionClass))];
  return table(
    ['class', 'questions', 'raw median', 'pipeline median', 'HTTP median', 'HTTP − raw', 'HTTP ÷ raw'],
    classes.map((c) => {
      const of = run.results.filter((q) => q.questionClass === c);
      const raw = median(of.map((q) => q.rawMs));
      const http = median(of.map((q) => q.httpMs ?? Number.NaN));
      return [c, of.length, ms(raw), ms(median(of.map((q) => q.pipelineMs))), ms(http), ms(median(of.map((q) => (q.httpMs ?? Number.NaN) - q.rawMs))), ratio(median(of.map((q) => (q.httpMs ?? Number.NaN) / q.rawMs)))];
    }),
  );
}

/**
 * The interpretation (where the time goes, what was changed, what is left) is written by people in
 * bench/analysis.md and appended as is, so regenerating the figures never deletes it.
 */
function analysis(): string {
  const path = join(__dirname, 'analysis.md');
  return existsSync(path) ? `\n${readFileSync(path, 'utf8')}` : '';
}

function cliSection(cli: CliReport): string {
  const phase = (pick: (p: CliReport['phases'][number]) => number): string => ms(median(cli.phases.map(pick)), 0);
  return `## The CLI: one question per process

\`${cli.question}\` (a bar chart) with \`--context orgId=1\`, on the 50k demo warehouse that already exists and a store already migrated; wall time from spawn to exit, ${cli.variants[0]?.runsMs.length ?? 0} runs of each, interleaved. The first run (which also creates and migrates the store) took ${ms(cli.firstRunMs / 1000)} s.

${table(
  ['how it is run', 'median s', 'min s', 'max s'],
  cli.variants.map((v) => [v.label, ms(median(v.runsMs) / 1000), ms(Math.min(...v.runsMs) / 1000), ms(Math.max(...v.runsMs) / 1000)]),
)}

Where a question's time goes (the bin's own \`--timings\`, medians in ms): start-up and module loading ${phase((p) => p.loadMs)}; then the store (${phase((p) => p.storeMs)}) and the model + value index (${phase((p) => p.answerDepsMs)}) opened in parallel, ${phase((p) => p.runtimeMs)} together; answer and store write ${phase((p) => p.answerMs)}; total in process ${phase((p) => p.totalMs)} (the rest of the wall time is process exit and, for npm and npx, their own start-up).

`;
}

export function renderReport(r: BenchResults): string {
  const m = r.machine;
  const s = r.stages;
  const scaleNote = r.warehouses.map((w) => `${w.point.label} orders: ${mb(w.sizeMb)} MB${w.generatedInS > 0 ? ` (generated in ${w.generatedInS.toFixed(1)} s this run)` : ''}`).join('; ');
  return `# Benchmarks

Generated by \`npm run bench${r.args.full ? ' -- --full' : ''}${r.args.quick ? ' -- --quick' : ''}\` in ${r.durationS.toFixed(0)} s. Every figure below is from this one run, except the engine comparison and the sharded comparison (issue 42) at the end, which state their own runs.

**Machine:** ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB RAM, Node ${m.node}, ${m.os}, load average ${m.loadAverage.toFixed(1)} at start${r.postgresVersion ? `, PostgreSQL ${r.postgresVersion} (private, loopback, fsync off)` : ', no PostgreSQL'}.
**Data:** the demo generator (seed and "now" pinned: ${scaleNote}). **Questions:** eval/sets/demo.jsonl, ${r.questionsTotal} items; the ${s.questions} standalone ones (follow-up chains need history) of which ${s.planned} compile to a query.
**Service limits:** MAX_ROWS and QUERY_TIMEOUT_MS as in bench/lib/config.ts; the rate limit is raised for the run; logging at the default level.

Figures are medians unless marked; "raw" is the same compiled SQL executed in process on a plain connection to the same database (better-sqlite3 with the statement prepared once, or one pg client): the physical limit. Medians are over questions of each question's median.
On a machine shared with other work the absolute figures move by tens of percent between runs; the ratios and the per-stage split move much less.

## Targets

${targets(r)}

## Stage timings (in process, warm, ${s.rounds} rounds over the question set)

${table(
  ['stage', 'samples', 'median µs', 'p90 µs', 'p99 µs', 'max µs'],
  [
    ['understand (rules engine)', s.understand],
    ['scope + compile (validate, scope, compile)', s.compile],
    ['understand + compile', s.understandPlusCompile],
    ['shape', s.shape],
  ].map(([name, v]) => {
    const x = v as StageReport['shape'];
    return [name as string, x.count, us(x.median), us(x.p90), us(x.p99), us(x.max)];
  }),
)}

CPU profile of the same loop (self time, top frames):

${frames(s.profile)}

${r.adversarial ? adversarialSection(r.adversarial) : ''}
## The limit: raw query vs the service, question by question

"execute − raw" is what the data source adds (SQLite: the worker-process round trip; PostgreSQL: the read-only transaction's round trips). "pipeline" is answerQuestion in process (plan, compile, execute, shape). "HTTP" is one request at a time over keep-alive loopback to a separate api-v1 process: auth, validation, the pipeline, the store write (conversation + answer), JSON.

${limitTable(r.scaleRuns)}

### Per question class at ${r.scaleRuns[0]?.label ?? 'demo scale'}

${r.scaleRuns[0] ? perClassTable(r.scaleRuns[0]) : 'n/a'}

${r.scaleRuns
  .slice(1)
  .map((run) => `### Per question class at ${run.label} (up to ${r.perClassSample} questions per class)\n\n${perClassTable(run)}`)
  .join('\n\n')}

## The store write, measured alone

${table(
  ['store', 'conversation create median', 'answer create median', 'both median', 'both p90', 'both p99'],
  r.storeWrites.map(({ store, report }) => [store, ms(report.conversation.median), ms(report.answer.median), ms(report.both.median), ms(report.both.p90), ms(report.both.p99)]),
)}

## Under load (autocannon, ${r.connections} connections, ${r.loadSeconds} s per answer kind, loopback; data on SQLite at 50k)

${table(
  ['app store', 'answer kind', 'questions cycled', 'answers/s', 'p50 ms', 'p99 ms', 'errors', 'RSS idle MB', 'RSS peak MB'],
  r.loads.map(({ store, idleRssMb, result: l }) => [store, l.kind, l.questions, l.answersPerSecond.toFixed(0), ms(l.latency.median), ms(l.latency.p99), l.errors, mb(idleRssMb), mb(l.peakRssMb)]),
)}

### Where the server's CPU goes under load (node --cpu-prof, load window only)

By layer (each sample counted once, for the highest layer on its stack):

${frames(r.serverProfile.layers)}

Top frames by self time:

${frames(r.serverProfile.frames)}

## Memory and start-up

${table(
  ['data', 'semantic model (heap KB)', 'model load ms', 'indexed values', 'value index (heap KB)', 'value index load + build ms', 'server RSS after the run MB'],
  r.scaleRuns.map((run) => [run.label, mb(run.footprint.modelKb), ms(run.footprint.modelLoadMs, 1), run.footprint.indexedValues, mb(run.footprint.valueIndexKb), ms(run.footprint.valueIndexBuildMs, 0), run.rssAfterMb === undefined ? '—' : mb(run.rssAfterMb)]),
)}

Start-up to first answer (the real apps/api-v1/src/server.ts, demo data at 50k, warehouse already built): first start on a fresh store (creates and migrates it) ${ms(r.startup.freshStoreMs / 1000)} s; restarts ${r.startup.restartMs.map((v) => ms(v / 1000)).join(' s, ')} s. Idle RSS after start: server ${mb(r.startup.idleRssMb)} MB, SQLite query workers ${mb(r.startup.idleWorkersRssMb)} MB together.

${r.resultCache ? `${resultCacheSection(r.resultCache)}
` : ''}${r.cli ? cliSection(r.cli) : ''}## Index experiment (500k orders, SQLite)

Candidate: ${r.indexExperiment.candidate.name} (+${r.indexExperiment.extraMb.toFixed(0)} MB). Sum of per-question raw medians: ${ms(r.indexExperiment.totalBeforeMs, 0)} ms before, ${ms(r.indexExperiment.totalAfterMs, 0)} ms after.

${table(
  ['class', 'questions', 'raw median before', 'raw median after', 'change'],
  r.indexExperiment.perClass.map((c) => [c.questionClass, c.questions, ms(c.beforeMs), ms(c.afterMs), `${(((c.afterMs - c.beforeMs) / c.beforeMs) * 100).toFixed(0)} %`]),
)}
${analysis()}`;
}
