/**
 * `npm run bench [-- --full] [--quick]`: measures the service against the physical limit and writes
 * docs/benchmarks.md. Default scales 50k and 500k orders (SQLite) and 500k on a private PostgreSQL;
 * --full adds 5M orders (~1 GB, about a minute to generate); --quick shortens every budget (a smoke run);
 * --render re-renders the report from the last run's figures (after editing bench/analysis.md).
 * `--scale 5m` runs the engine comparison alone instead (SQLite, PostgreSQL and DuckDB at 50k, 500k and
 * 5M orders; see engines-run.ts), which writes its own block of the report and its chart.
 * `--adversarial [--quick]` plans the hostile questions of issue 25 alone and prints their section (no report
 * is written). `--versus <git ref>` measures install, start-up, memory and planning against that commit
 * alone (bench/versus-commit.ts) and writes its block.
 * The default run ends with the sharded benchmark of issue 42 (about 20M orders over 3 shards against one
 * server, PostgreSQL and MariaDB Spider; bench/shards-run.ts), which takes several minutes: `--skip-shards`
 * leaves it out, `--shards 20m` (or a smaller count) runs it alone and writes only its block.
 * A measurement, not a test: missing a target never fails the run; a broken run does.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import { openStore } from '@askdata/db';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { ANSWER_KINDS } from './lib/answer-kind';
import { msSince, nowNs, type RepeatBudget } from './lib/clock';
import { CACHE_DIR, MAX_ROWS, PINNED_NOW, REPORT_PATH, SCALE_5M, SCALE_500K, SCALE_DEMO, TIMEOUT_MS, type ScalePoint } from './lib/config';
import { layerSharesOfFile, topFramesOfFile } from './lib/cpu-profile';
import { closeHttpClient } from './lib/http-client';
import { samplePerClass, summariseLimit } from './lib/limit-summary';
import { log } from './lib/log';
import { describeMachine } from './lib/machine';
import { startBenchPostgres, type BenchPostgres } from './lib/postgres';
import { loadBenchQuestions, standalone, type BenchQuestion } from './lib/questions';
import { postgresRawRunner, sqliteRawRunner, type RawRunner } from './lib/raw-runner';
import { BENCH_SERVER_SCRIPT, rssMb, startServer, type RunningServer } from './lib/server-process';
import { ensureWarehouse } from './lib/warehouses';
import { enginesBlockOf, withEnginesBlock } from './engines-report';
import { blockOf, withBlock } from './lib/report-block';
import { STARTUP_BLOCK } from './startup-block';
import { benchVersusCommit, VERSUS_BLOCK } from './versus-commit';
import { PLANNER_AB_BLOCK } from './planner-ab-block';
import { runEngineBench } from './engines-run';
import { DEFAULT_SHARD_ORDERS, parseOrderCount, runShardBench } from './shards-run';
import { SHARDS_BLOCK } from './shards-report';
import { renderReport, type BenchResults, type LoadRun, type ScaleRun } from './report';
import { classifyQuestions, type ClassifiedQuestion } from './sections/classify';
import { benchCli } from './sections/cli';
import { measureFootprint } from './sections/footprint';
import { runIndexExperiment } from './sections/index-experiment';
import { benchLimit } from './sections/limit';
import { loadOneKind } from './sections/load';
import { benchStages } from './sections/stages';
import { benchAdversarialPlanning } from './sections/adversarial-planning';
import { adversarialSection } from './report-adversarial-planning';
import { benchStartup } from './sections/startup';
import { benchStoreWrite } from './sections/store-write';
import { benchResultCache, measureCacheMemory, type CacheReport } from './sections/result-cache';

interface Args {
  full: boolean;
  quick: boolean;
  /** The engine comparison up to this scale ("5m" or "500k") instead of the default run. */
  scale?: string;
  /** Re-render docs/benchmarks.md from the last run's saved figures (after editing bench/analysis.md). */
  render: boolean;
  /** Plan the hostile questions alone and print their section (writes no report). */
  adversarial: boolean;
  /** Install, start-up, memory and planning against this earlier commit, alone (bench/versus-commit.ts). */
  versus?: string;
  /** The sharded benchmark alone at this many orders ('20m', '2m', '500k'). */
  shards?: string;
  /** Leave the sharded benchmark out of the default run. */
  skipShards: boolean;
}

const LAST_RESULTS = join(CACHE_DIR, 'last-results.json');

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { full: false, quick: false, render: false, adversarial: false, skipShards: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--scale') args.scale = (argv[++i] ?? '').toLowerCase();
    else if (arg === '--full') args.full = true;
    else if (arg === '--quick') args.quick = true;
    else if (arg === '--render') args.render = true;
    else if (arg === '--adversarial') args.adversarial = true;
    else if (arg === '--versus') args.versus = argv[++i] ?? '';
    else if (arg === '--shards') args.shards = argv[++i] ?? '';
    else if (arg === '--skip-shards') args.skipShards = true;
    else throw new Error(`unknown argument ${arg}; usage: npm run bench [-- --full] [--quick] [--render] [--skip-shards] | npm run bench -- --scale 5m [--render] | npm run bench -- --shards 20m [--render] | npm run bench -- --adversarial [--quick] | npm run bench -- --versus <git ref>`);
  }
  return args;
}

/** Writes the report, keeping the blocks this run does not measure: engines (`--scale 5m`), planner A/B, start-up, versus, shards (written after). */
function writeReport(markdown: string): void {
  const existing = existsSync(REPORT_PATH) ? readFileSync(REPORT_PATH, 'utf8') : '';
  const kept = withEnginesBlock(markdown, enginesBlockOf(existing));
  const withPlanner = withBlock(kept, PLANNER_AB_BLOCK, blockOf(existing, PLANNER_AB_BLOCK));
  const withStartup = withBlock(withPlanner, STARTUP_BLOCK, blockOf(existing, STARTUP_BLOCK));
  const withVersus = withBlock(withStartup, VERSUS_BLOCK, blockOf(existing, VERSUS_BLOCK));
  writeFileSync(REPORT_PATH, withBlock(withVersus, SHARDS_BLOCK, blockOf(existing, SHARDS_BLOCK)));
}

function depsFor(dataSourceUrl: string): Promise<BuiltAnswerDeps> {
  return createAnswerDeps({ dataSourceUrl, semanticModelPath: DEMO_MODEL_PATH, timezone: 'UTC', maxRows: MAX_ROWS, timeoutMs: TIMEOUT_MS, clock: () => PINNED_NOW });
}

/** A bench server (pinned clock) on a store of the given kind, the data source given by URL. */
async function benchServer(storeUrl: string, dataSourceUrl: string, first: BenchQuestion, nodeArgs: string[] = []): Promise<RunningServer> {
  return startServer({ script: BENCH_SERVER_SCRIPT, storeUrl, dataSourceUrl, semanticModelPath: DEMO_MODEL_PATH, nodeArgs }, first);
}

/** `--adversarial`: the hostile-question section alone, on the demo warehouse, printed rather than written. */
async function printAdversarial(quick: boolean): Promise<void> {
  const machine = describeMachine();
  const deps = await depsFor(ensureWarehouse(SCALE_DEMO).path);
  try {
    const report = await benchAdversarialPlanning(deps, quick ? 3 : 20);
    process.stdout.write(`${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}, load average ${machine.loadAverage.toFixed(1)} at start\n\n${adversarialSection(report)}`);
  } finally {
    await deps.close();
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.scale !== undefined) return runEngineBench(args.scale, args.render);
  if (args.shards !== undefined) return runShardBench(parseOrderCount(args.shards), { render: args.render, alone: true });
  if (args.render) {
    // Re-renders the main report only; the shards block is kept (re-render it with --shards <count> --render).
    writeReport(renderReport(JSON.parse(readFileSync(LAST_RESULTS, 'utf8')) as BenchResults));
    log(`re-rendered ${REPORT_PATH} from ${LAST_RESULTS}`);
    return;
  }
  if (args.adversarial) return printAdversarial(args.quick);
  if (args.versus !== undefined) {
    const block = await benchVersusCommit(args.versus);
    process.stdout.write(`${block}\n`);
    writeFileSync(REPORT_PATH, withBlock(existsSync(REPORT_PATH) ? readFileSync(REPORT_PATH, 'utf8') : '# Benchmarks\n', VERSUS_BLOCK, block));
    log(`wrote ${REPORT_PATH}`);
    return;
  }
  const started = nowNs();
  const machine = describeMachine();
  const tmp = mkdtempSync(join(tmpdir(), 'askdata-bench-'));
  const quick = args.quick;
  const demoBudget: RepeatBudget = quick ? { minRuns: 2, maxRuns: 5, budgetMs: 5 } : { minRuns: 5, maxRuns: 30, budgetMs: 40 };
  const scaleBudget: RepeatBudget = quick ? { minRuns: 1, maxRuns: 2, budgetMs: 5 } : { minRuns: 3, maxRuns: 15, budgetMs: 40 };
  const perClass = quick ? 2 : 6;
  const loadSeconds = quick ? 2 : 6;
  const connections = 4;

  const all = loadBenchQuestions();
  const questions = standalone(all);
  const warehouses = [ensureWarehouse(SCALE_DEMO), ensureWarehouse(SCALE_500K), ...(args.full ? [ensureWarehouse(SCALE_5M)] : [])];
  const demo = warehouses[0]!;
  let pg: BenchPostgres | null = null;
  try {
    pg = await startBenchPostgres();
    if (!pg) log('no PostgreSQL binaries found (set PG_BIN_DIR or ASKDATA_BENCH_PG_URL): PostgreSQL rows are skipped');

    // 1. Stage timings and the in-process profile, demo scale.
    log('stage timings ...');
    const demoDeps = await depsFor(demo.path);
    const stages = await benchStages(demoDeps, questions, quick ? 3 : 30);
    log('hostile questions at the maximum length ...');
    const adversarial = await benchAdversarialPlanning(demoDeps, quick ? 3 : 20);
    const classified = await classifyQuestions(demoDeps, questions);
    const answerable = classified.filter((q): q is ClassifiedQuestion & { sql: NonNullable<ClassifiedQuestion['sql']> } => q.sql !== undefined);
    const first = answerable[0]!;

    // 2. The per-request store write on its own, on both store kinds.
    log('store writes ...');
    const storeWrites: BenchResults['storeWrites'] = [];
    const sqliteStore = await openStore(`file:${join(tmp, 'writes.db')}`);
    storeWrites.push({ store: 'SQLite (WAL)', report: await benchStoreWrite(sqliteStore, demoDeps, answerable, quick ? 30 : 300) });
    await sqliteStore.close();
    if (pg) {
      const pgStore = await openStore(await pg.createDatabase('bench_writes'));
      storeWrites.push({ store: `PostgreSQL ${pg.version}`, report: await benchStoreWrite(pgStore, demoDeps, answerable, quick ? 30 : 300) });
      await pgStore.close();
    }

    // 3. Start-up to first answer (the real server.ts).
    log('start-up ...');
    const startup = await benchStartup(demo.path, first, quick ? 1 : 3);

    // 3b. The CLI: one question per process, on the demo warehouse that already exists.
    log('CLI, one question per process ...');
    const cli = await benchCli(demo.path, quick ? 1 : 7);

    // 4. Demo scale over HTTP: the limit per question, then load per answer kind, per store; one profiled load.
    const loads: LoadRun[] = [];
    const storeUrls: { store: string; url: string }[] = [{ store: 'SQLite', url: `file:${join(tmp, 'app.db')}` }];
    if (pg) storeUrls.push({ store: 'PostgreSQL', url: await pg.createDatabase('bench_app') });
    let demoLimit: ScaleRun | undefined;
    for (const { store, url } of storeUrls) {
      const server = await benchServer(url, demo.path, first);
      const idle = rssMb(server.pid);
      if (store === 'SQLite') {
        log('demo scale: raw vs pipeline vs HTTP, every question ...');
        const raw = sqliteRawRunner(demo.path);
        const results = await benchLimit({ deps: demoDeps, raw, baseUrl: server.baseUrl, budget: demoBudget }, answerable);
        await raw.close();
        demoLimit = { label: `${SCALE_DEMO.label} SQLite`, results, summary: summariseLimit(`${SCALE_DEMO.label} SQLite`, results), footprint: await measureFootprint(demo.path, DEMO_MODEL_PATH) };
      }
      for (const kind of ANSWER_KINDS) {
        const ofKind = answerable.filter((q) => q.kind === kind);
        if (ofKind.length === 0) continue;
        log(`load, ${store} store, ${kind} (${ofKind.length} questions) ...`);
        loads.push({ store, idleRssMb: idle.server, result: await loadOneKind({ baseUrl: server.baseUrl, pid: server.pid, connections, durationS: loadSeconds }, kind, ofKind) });
      }
      await server.stop();
    }

    log('profiling the server under load ...');
    const profileDir = join(tmp, 'profile');
    const profiled = await benchServer(`file:${join(tmp, 'profiled.db')}`, demo.path, first, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
    await loadOneKind({ baseUrl: profiled.baseUrl, pid: profiled.pid, connections, durationS: loadSeconds }, 'text', answerable);
    await profiled.stop();
    const profileFile = join(profileDir, readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile')) ?? '');
    const window = { lastMs: (loadSeconds - 1) * 1000, skipLastMs: 300 };
    const serverProfile = { layers: layerSharesOfFile(profileFile, window), frames: topFramesOfFile(profileFile, window, 15) };

    // 5. Scale series: a sample per class at each larger scale, SQLite and PostgreSQL.
    const scaleRuns: ScaleRun[] = demoLimit ? [demoLimit] : [];
    const sample = samplePerClass(answerable, perClass);
    const scaleTargets: { point: ScalePoint; engine: 'SQLite' | 'PostgreSQL'; path: string }[] = warehouses.slice(1).map((w) => ({ point: w.point, engine: 'SQLite', path: w.path }));
    if (pg) scaleTargets.push({ point: SCALE_500K, engine: 'PostgreSQL', path: warehouses[1]!.path });
    for (const target of scaleTargets) {
      const label = `${target.point.label} ${target.engine}`;
      let dataSourceUrl = target.path;
      let raw: RawRunner;
      if (target.engine === 'PostgreSQL' && pg) {
        const copy = await pg.copyWarehouse(`bench_wh_${target.point.label}`, target.path);
        log(`copied in ${copy.seconds.toFixed(1)} s`);
        dataSourceUrl = copy.url;
        raw = await postgresRawRunner(copy.url);
      } else raw = sqliteRawRunner(target.path);
      log(`${label}: raw vs pipeline vs HTTP, ${sample.length} questions ...`);
      const deps = await depsFor(dataSourceUrl);
      const server = await benchServer(`file:${join(tmp, `scale-${target.point.label}-${target.engine}.db`)}`, dataSourceUrl, first);
      const results = await benchLimit({ deps, raw, baseUrl: server.baseUrl, budget: scaleBudget }, sample);
      const rss = rssMb(server.pid);
      await server.stop();
      await raw.close();
      await deps.close();
      scaleRuns.push({ label, results, summary: summariseLimit(label, results), footprint: await measureFootprint(dataSourceUrl, DEMO_MODEL_PATH), rssAfterMb: rss.server });
    }

    // 5b. The result cache: hit and miss over HTTP against the raw query, at 500k on SQLite (where
    // dashboard queries cost enough to be worth keeping); the heap its kept results take, at 50k.
    log('result cache: hit vs miss vs raw at 500k, memory at 50k ...');
    const cacheMemory = await measureCacheMemory(demoDeps, answerable.map((q) => q.sql));
    const cacheServer = await startServer(
      { script: BENCH_SERVER_SCRIPT, storeUrl: `file:${join(tmp, 'cache.db')}`, dataSourceUrl: warehouses[1]!.path, semanticModelPath: DEMO_MODEL_PATH, env: { RESULT_CACHE_TTL_MS: '600000' } },
      first,
    );
    const cacheRaw = sqliteRawRunner(warehouses[1]!.path);
    const cacheRounds = quick ? 2 : 5;
    const hitsPerRound = quick ? 2 : 4;
    const resultCache: CacheReport = {
      label: `${SCALE_500K.label} SQLite`,
      rounds: cacheRounds,
      hitsPerRound,
      questions: await benchResultCache({ baseUrl: cacheServer.baseUrl, raw: cacheRaw, budget: scaleBudget, rounds: cacheRounds, hitsPerRound }, sample),
      memory: cacheMemory,
    };
    await cacheServer.stop();
    await cacheRaw.close();

    // 6. One index experiment at 500k (SQLite): a covering index for order aggregates.
    log('index experiment at 500k ...');
    const indexExperiment = await runIndexExperiment(
      warehouses[1]!.path,
      {
        name: 'covering orders(organisation_id, created_at, product_id, user_id, subtotal, discount, tax, quantity)',
        ddl: ['CREATE INDEX orders_org_created_covering_idx ON orders(organisation_id, created_at, product_id, user_id, subtotal, discount, tax, quantity)'],
      },
      sample.map((q) => ({ questionClass: q.questionClass, sql: q.sql })),
      scaleBudget,
    );
    await demoDeps.close();

    const results: BenchResults = {
      machine,
      args,
      durationS: msSince(started) / 1000,
      warehouses,
      postgresVersion: pg?.version,
      questionsTotal: all.length,
      stages,
      storeWrites,
      startup,
      cli,
      loads,
      loadSeconds,
      connections,
      serverProfile,
      scaleRuns,
      perClassSample: perClass,
      indexExperiment,
      resultCache,
      adversarial,
    };
    writeFileSync(LAST_RESULTS, JSON.stringify(results));
    writeReport(renderReport(results));
    log(`wrote ${REPORT_PATH} in ${results.durationS.toFixed(0)} s`);
  } finally {
    closeHttpClient();
    await pg?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  // After the private PostgreSQL above is gone: the sharded run starts ten servers of its own, one engine at a time.
  if (!args.skipShards) {
    log('sharded benchmark (issue 42) ...');
    await runShardBench(quick ? 200_000 : DEFAULT_SHARD_ORDERS, { alone: false });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
