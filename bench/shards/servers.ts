/**
 * The servers of one engine's run, all throwaway (test-support's startPostgres / startMariadb on free
 * 127.0.0.1 ports): one single server, one coordinator or Spider front, and one server per shard. Each
 * engine's shard wiring is test-support's own, so the benchmark measures the setup the tests check.
 */
import { findMariadbBinaries, startMariadb } from '../../test-support/mariadb-server';
import { findPostgresBinaries, startPostgres } from '../../test-support/postgres-server';
import { attachPostgresShards, createShardedTable, foreignPartitionName } from '../../test-support/postgres-shards';
import { attachSpiderShards, createSpiderTable } from '../../test-support/spider-shards';
import type { Shard, ShardWiring } from './build';
import type { ShardEngine } from './generate-sql';
import { withSqlClient } from './sql-client';

export interface EngineServers {
  engine: ShardEngine;
  version: string;
  single: string;
  coordinator: string;
  shards: string[];
  wiring: ShardWiring;
  /** Settings given to every server of this engine beyond test-support's, for the report. */
  settings: string;
  /** A setting a team would try next on the sharded side, measured again after the defaults. */
  tuning?: { label: string; apply(coordinatorUrl: string, shards: readonly Shard[]): Promise<void> };
  stop(): void;
}

/**
 * postgres_fdw fetches a foreign scan's rows 100 at a time by default: a shard's aggregate that is not
 * pushed down (all of them here, see the report) ships every matching row in batches of 100.
 */
const FETCH_SIZE = '10000';
const postgresFetchSize = async (coordinatorUrl: string, shards: readonly Shard[]): Promise<void> =>
  withSqlClient('postgres', coordinatorUrl, async (client) => {
    for (const shard of shards) await client.query(`alter server ${shard.server} options (add fetch_size '${FETCH_SIZE}')`);
  });

const postgresWiring: ShardWiring = {
  attach: (coordinatorUrl, shards) => attachPostgresShards(coordinatorUrl, shards),
  createTable: (coordinatorUrl, shards, table) => createShardedTable(coordinatorUrl, shards, table),
  // postgres_fdw keeps no statistics of a foreign table until ANALYZE reads it; without them the planner
  // guesses the shard's row counts, and an operator runs this once after loading.
  analyzeCoordinator: (coordinator, shards) => coordinator.query(`analyze ${shards.map((shard) => foreignPartitionName('orders', shard)).join(', ')}`).then(() => undefined),
};

const spiderWiring: ShardWiring = {
  attach: (frontUrl, shards) => attachSpiderShards(frontUrl, shards),
  createTable: (frontUrl, shards, table) => createSpiderTable(frontUrl, shards, table),
  // Spider asks the backends for their table statistics itself (spider_sts_mode); nothing to keep on the front.
  analyzeCoordinator: async () => undefined,
};

/** Starts 2 + shardCount servers one after another (freePort hands out ports one at a time). */
async function startAll<T extends { url: string; stop(): void }>(count: number, start: () => Promise<T>): Promise<T[]> {
  const servers: T[] = [];
  try {
    for (let i = 0; i < count; i += 1) servers.push(await start());
  } catch (error) {
    servers.forEach((server) => server.stop());
    throw error;
  }
  return servers;
}

const stopAll = (servers: readonly { stop(): void }[]): void => {
  for (const server of servers) server.stop();
};

export async function startPostgresServers(shardCount: number): Promise<EngineServers | null> {
  const binDir = findPostgresBinaries();
  if (!binDir) return null;
  const servers = await startAll(2 + shardCount, () => startPostgres(binDir));
  const version = await withSqlClient('postgres', servers[0]!.url, async (client) => String((await client.query('show server_version'))[0]?.server_version));
  return {
    engine: 'postgres',
    version,
    single: servers[0]!.url,
    coordinator: servers[1]!.url,
    shards: servers.slice(2).map((server) => server.url),
    wiring: postgresWiring,
    settings: 'test-support defaults (fsync off, shared_buffers 128 MB); postgres_fdw server options at their defaults (fetch_size 100, no remote estimates), then fetch_size 10000',
    tuning: { label: `fetch_size ${FETCH_SIZE}`, apply: postgresFetchSize },
    stop: () => stopAll(servers),
  };
}

/** InnoDB's buffer pool raised from 128 MB on every server, so a shard's or the single server's hot rows stay in memory. */
const MARIADB_SETTINGS = ['set global innodb_buffer_pool_size = 2147483648', 'set global innodb_flush_log_at_trx_commit = 2'];

export async function startMariadbServers(shardCount: number): Promise<EngineServers | null> {
  const binaries = findMariadbBinaries();
  if (!binaries) return null;
  const servers = await startAll(2 + shardCount, () => startMariadb(binaries));
  for (const server of servers) await withSqlClient('mariadb', server.url, async (client) => void (await Promise.all(MARIADB_SETTINGS.map((sql) => client.query(sql)))));
  const version = await withSqlClient('mariadb', servers[0]!.url, async (client) => String((await client.query('select version() as v'))[0]?.v));
  return {
    engine: 'mariadb',
    version,
    single: servers[0]!.url,
    coordinator: servers[1]!.url,
    shards: servers.slice(2).map((server) => server.url),
    wiring: spiderWiring,
    settings: 'innodb_buffer_pool_size 2 GB and innodb_flush_log_at_trx_commit 2 on every server; Spider variables at their defaults',
    stop: () => stopAll(servers),
  };
}

export const startServers = (engine: ShardEngine, shardCount: number): Promise<EngineServers | null> => (engine === 'postgres' ? startPostgresServers(shardCount) : startMariadbServers(shardCount));
