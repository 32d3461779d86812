/**
 * `npm run bench -- --scale 5m` (or `--scale 500k` for a short run): the engine comparison alone. Generates
 * the warehouses it lacks, copies each into PostgreSQL and DuckDB, measures raw against answer per question
 * class on every engine at every scale, and writes its block of docs/benchmarks.md and the chart
 * docs/benchmarks-engines.svg. `--render` with it re-renders both from the saved figures.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { version as duckdbVersion } from '@duckdb/node-api';
import { answerQuestion, resolveTenantScope } from '@askdata/core';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createAnswerDeps } from '@askdata/service';
import { ENGINES_SVG, renderEngines, renderEnginesChart, withEnginesBlock, type EngineResults } from './engines-report';
import { msSince, nowNs, type RepeatBudget } from './lib/clock';
import { CACHE_DIR, MAX_ROWS, PINNED_NOW, REPORT_PATH, SCALE_5M, SCALE_500K, SCALE_DEMO, TIMEOUT_MS, type ScalePoint } from './lib/config';
import { ensureDuckdbCopy, duckdbRawRunner } from './lib/duckdb';
import { log } from './lib/log';
import { samplePerClass } from './lib/limit-summary';
import { describeMachine } from './lib/machine';
import { startBenchPostgres } from './lib/postgres';
import { loadBenchQuestions, standalone, type BenchQuestion } from './lib/questions';
import { postgresRawRunner, sqliteRawRunner, type RawRunner } from './lib/raw-runner';
import { ensureWarehouse } from './lib/warehouses';
import { benchEngine, type EngineName, type EngineRun } from './sections/engines';

const LAST_ENGINE_RESULTS = join(CACHE_DIR, 'last-engine-results.json');
const SVG_PATH = join(REPORT_PATH, '..', ENGINES_SVG);
const SCALES: Record<string, ScalePoint[]> = { '500k': [SCALE_DEMO, SCALE_500K], '5m': [SCALE_DEMO, SCALE_500K, SCALE_5M] };
/** Two questions per class and one timed run for a slow query keep the 5M run under 10 minutes on 2 cores. */
const PER_CLASS = 2;
const BUDGET: RepeatBudget = { minRuns: 1, maxRuns: 9, budgetMs: 100 };

function write(results: EngineResults): void {
  const report = existsSync(REPORT_PATH) ? readFileSync(REPORT_PATH, 'utf8') : '# Benchmarks\n';
  writeFileSync(REPORT_PATH, withEnginesBlock(report, renderEngines(results)));
  writeFileSync(SVG_PATH, renderEnginesChart(results));
  log(`wrote the engines section of ${REPORT_PATH} and ${SVG_PATH}`);
}

export async function runEngineBench(scale: string, render: boolean): Promise<void> {
  if (render) return write(JSON.parse(readFileSync(LAST_ENGINE_RESULTS, 'utf8')) as EngineResults);
  const points = SCALES[scale];
  if (!points) throw new Error(`--scale takes ${Object.keys(SCALES).join(' or ')}, got ${scale}`);
  const started = nowNs();
  const machine = describeMachine();
  const warehouses = points.map(ensureWarehouse);
  const questions = standalone(loadBenchQuestions());
  const pg = await startBenchPostgres();
  if (!pg) log('no PostgreSQL binaries found (set PG_BIN_DIR or ASKDATA_BENCH_PG_URL): PostgreSQL is left out');
  const runs: EngineRun[] = [];
  try {
    // One sample of questions for every engine and scale: those that compile to a query on the demo model.
    const probe = await createAnswerDeps({ dataSourceUrl: warehouses[0]!.path, semanticModelPath: DEMO_MODEL_PATH, timezone: 'UTC', maxRows: MAX_ROWS, timeoutMs: TIMEOUT_MS, clock: () => PINNED_NOW });
    const answerable: BenchQuestion[] = [];
    for (const q of questions) if ((await answerQuestion(probe, { question: q.question, scope: resolveTenantScope(probe.model, q.context), history: [] })).sql) answerable.push(q);
    await probe.close();
    const sample = samplePerClass(answerable, PER_CLASS);
    for (const warehouse of warehouses) {
      const orders = Math.round(warehouse.point.scale * 50_000);
      const targets: { engine: EngineName; url: () => Promise<{ url: string; loadS: number }>; raw: (url: string) => Promise<RawRunner> }[] = [
        { engine: 'SQLite', url: async () => ({ url: warehouse.path, loadS: 0 }), raw: async (url) => sqliteRawRunner(url) },
        ...(pg ? [{ engine: 'PostgreSQL' as const, url: async () => pg.copyWarehouse(`bench_engines_${warehouse.point.label.toLowerCase()}`, warehouse.path).then((c) => ({ url: c.url, loadS: c.seconds })), raw: postgresRawRunner }] : []),
        { engine: 'DuckDB', url: async () => ensureDuckdbCopy(warehouse.path).then((c) => ({ url: c.path, loadS: c.seconds })), raw: duckdbRawRunner },
      ];
      for (const target of targets) {
        const { url, loadS } = await target.url();
        log(`${warehouse.point.label} ${target.engine}: raw vs answer, ${sample.length} questions ...`);
        const deps = await createAnswerDeps({ dataSourceUrl: url, semanticModelPath: DEMO_MODEL_PATH, timezone: 'UTC', maxRows: MAX_ROWS, timeoutMs: TIMEOUT_MS, clock: () => PINNED_NOW });
        const raw = await target.raw(url);
        try {
          runs.push({ engine: target.engine, scale: warehouse.point.label, orders, loadS, questions: await benchEngine(deps, raw, sample, BUDGET) });
        } finally {
          await raw.close();
          await deps.close();
        }
      }
    }
  } finally {
    await pg?.stop();
  }
  const results: EngineResults = {
    machine,
    durationS: msSince(started) / 1000,
    postgresVersion: pg?.version,
    duckdbVersion: duckdbVersion(),
    scales: warehouses.map((w) => ({ label: w.point.label, orders: Math.round(w.point.scale * 50_000), generatedInS: w.generatedInS })),
    perClass: PER_CLASS,
    runs,
  };
  writeFileSync(LAST_ENGINE_RESULTS, JSON.stringify(results));
  write(results);
}
