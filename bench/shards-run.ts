/**
 * The sharded benchmark of issue 42: about 20M orders over 3 shards against one server holding the same
 * rows, on PostgreSQL (postgres_fdw foreign partitions) and on MariaDB (Spider), for a small and a large
 * tenant's aggregate, breakdowns and top-N. Part of the default `npm run bench` (leave it out with
 * --skip-shards); alone with `npm run bench -- --shards 20m` (or a smaller count, e.g. 2m, for a short
 * run), which writes only its block of docs/benchmarks.md and docs/benchmarks-shards.svg; `--render` with
 * it re-renders both from the last run's figures.
 *
 * The servers are throwaway (test-support) and so are their rows: nothing is cached between runs. At 20M
 * orders generating and indexing all four copies took about 6 of the run's 35 minutes on 2 cores; the rest
 * is the queries, which a cache of the data would not shorten.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { msSince, nowNs } from './lib/clock';
import { CACHE_DIR, REPORT_PATH } from './lib/config';
import { log } from './lib/log';
import { describeMachine } from './lib/machine';
import { withBlock } from './lib/report-block';
import { renderShards, renderShardsChart, SHARDS_BLOCK, SHARDS_SVG, type EngineShardRun, type ShardResults } from './shards-report';
import { buildSharded, buildSingle, type BuiltSide } from './shards/build';
import type { ShardEngine } from './shards/generate-sql';
import { shardLayout, SHARD_COUNT } from './shards/layout';
import { measureSide, type Rounds } from './shards/measure';
import { startServers } from './shards/servers';

export const DEFAULT_SHARD_ORDERS = 20_000_000;
const LAST_SHARD_RESULTS = join(CACHE_DIR, 'last-shard-results.json');
const SVG_PATH = join(REPORT_PATH, '..', SHARDS_SVG);
const ROUNDS: Rounds = { minRuns: 3, maxRuns: 9, budgetMs: 3000 };
const ENGINES: readonly ShardEngine[] = ['postgres', 'mariadb'];

/** '20m', '500k' or a plain number of orders. */
export function parseOrderCount(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`--shards takes an order count such as 20m, 2m or 500k, got ${JSON.stringify(text)}`);
  const count = Math.round(Number(match[1]) * { '': 1, k: 1e3, m: 1e6 }[match[2]!.toLowerCase() as '' | 'k' | 'm']);
  if (count < 1000) throw new Error(`--shards needs at least 1000 orders, got ${count}`);
  return count;
}

function write(results: ShardResults): void {
  const report = existsSync(REPORT_PATH) ? readFileSync(REPORT_PATH, 'utf8') : '# Benchmarks\n';
  writeFileSync(REPORT_PATH, withBlock(report, SHARDS_BLOCK, renderShards(results)));
  writeFileSync(SVG_PATH, renderShardsChart(results));
  log(`wrote the shards section of ${REPORT_PATH} and ${SVG_PATH}`);
}

async function runEngine(engine: ShardEngine, orders: number): Promise<EngineShardRun | null> {
  const layout = shardLayout(orders);
  const servers = await startServers(engine, SHARD_COUNT);
  if (!servers) {
    log(`no ${engine} binaries found: ${engine} is left out of the sharded benchmark`);
    return null;
  }
  try {
    const single = await buildSingle(engine, servers.single, layout);
    log(`${engine} one server: rows in ${single.rowsS.toFixed(1)} s, keys, indexes and statistics ${single.indexesS.toFixed(1)} s`);
    const sharded = await buildSharded(engine, servers.coordinator, servers.shards, layout, servers.wiring);
    log(`${engine} sharded: rows in ${sharded.rowsS.toFixed(1)} s, keys, indexes and statistics ${sharded.indexesS.toFixed(1)} s`);
    const singleCells = await measureSide(engine, single, layout, ROUNDS);
    const shardedCells = await measureSide(engine, sharded, layout, ROUNDS);
    let tuned: EngineShardRun['tuned'];
    if (servers.tuning) {
      await servers.tuning.apply(sharded.url, sharded.shards);
      tuned = { label: servers.tuning.label, cells: await measureSide(engine, sharded, layout, ROUNDS, servers.tuning.label) };
    }
    const figures = ({ url: _url, shards, ...rest }: BuiltSide) => ({ ...rest, shards: shards.map(({ server, tenants }) => ({ server, tenants })) });
    return { engine, version: servers.version, settings: servers.settings, single: figures(single), sharded: figures(sharded), singleCells, shardedCells, ...(tuned ? { tuned } : {}) };
  } finally {
    servers.stop();
  }
}

export async function runShardBench(orders: number, options: { render?: boolean; alone: boolean }): Promise<void> {
  const render = options.render ?? false;
  if (render) return write(JSON.parse(readFileSync(LAST_SHARD_RESULTS, 'utf8')) as ShardResults);
  const started = nowNs();
  const machine = describeMachine();
  const runs: EngineShardRun[] = [];
  for (const engine of ENGINES) {
    const run = await runEngine(engine, orders);
    if (run) runs.push(run);
  }
  const results: ShardResults = { machine, durationS: msSince(started) / 1000, layout: shardLayout(orders), rounds: ROUNDS, alone: options.alone, runs };
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(LAST_SHARD_RESULTS, JSON.stringify(results));
  write(results);
}
