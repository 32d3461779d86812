/**
 * Builds the benchmark's two sides on one engine: a single server holding every row, and a coordinator
 * (PostgreSQL) or front (MariaDB Spider) holding the dimensions, its orders and reviews partitioned by
 * organisation_id over the shard servers through the engine's own wiring (test-support's
 * postgres-shards.ts / spider-shards.ts). Rows are generated inside each server (generate-sql.ts).
 */
import { msSince, nowNs } from '../lib/clock';
import { log } from '../lib/log';
import {
  dimensionIndexesSql,
  dimensionTablesSql,
  ordersBeforeRowsSql,
  ordersIndexesSql,
  ordersInsertSql,
  ordersTableSql,
  organisationsInsertSql,
  productsInsertSql,
  reviewsTableSql,
  usersInsertSql,
  type ShardEngine,
} from './generate-sql';
import { tenantsOfShard, type ShardLayout, type TenantRange } from './layout';
import { createDatabase, withSqlClient, type SqlClient } from './sql-client';

export const BENCH_DATABASE = 'bench_scale';

/** A shard as both test-support modules take it. */
export interface Shard {
  server: string;
  url: string;
  tenants: number[];
}

/** How an engine turns a coordinator and shard databases into a sharded table (test-support). */
export interface ShardWiring {
  attach(coordinatorUrl: string, shards: Shard[]): Promise<void>;
  createTable(coordinatorUrl: string, shards: Shard[], table: { name: string; createTableSql: string; partitionKey: string }): Promise<void>;
  /** Statistics the coordinator keeps of the sharded orders (PostgreSQL: ANALYZE of each foreign partition). */
  analyzeCoordinator(coordinator: SqlClient, shards: Shard[]): Promise<void>;
}

export interface BuiltSide {
  kind: 'single' | 'sharded';
  /** The data source URL askdata is given: the single server's database, or the coordinator's / front's. */
  url: string;
  /** Seconds: rows in (dimensions and orders), then keys, indexes and statistics. */
  rowsS: number;
  indexesS: number;
  shards: Shard[];
}

async function runAll(client: SqlClient, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await client.query(statement);
}

async function loadDimensions(engine: ShardEngine, client: SqlClient, layout: ShardLayout): Promise<void> {
  await runAll(client, dimensionTablesSql(engine));
  await client.query(organisationsInsertSql(engine, layout.tenants));
  for (const tenant of layout.tenants) await runAll(client, [...usersInsertSql(engine, tenant), ...productsInsertSql(engine, tenant)]);
}

async function loadOrders(engine: ShardEngine, client: SqlClient, tenants: readonly TenantRange[]): Promise<void> {
  for (const tenant of tenants) await runAll(client, ordersInsertSql(engine, tenant));
}

const statisticsSql = (engine: ShardEngine, tables: readonly string[]): string => (engine === 'postgres' ? `analyze ${tables.join(', ')}` : `analyze table ${tables.join(', ')}`);

export async function buildSingle(engine: ShardEngine, serverUrl: string, layout: ShardLayout): Promise<BuiltSide> {
  const url = await createDatabase(engine, serverUrl, BENCH_DATABASE);
  log(`${engine} single server: ${layout.orders.toLocaleString('en')} orders ...`);
  return withSqlClient(engine, url, async (client) => {
    const started = nowNs();
    await loadDimensions(engine, client, layout);
    await runAll(client, [ordersTableSql(engine), reviewsTableSql(engine), ...ordersBeforeRowsSql(engine)]);
    await loadOrders(engine, client, layout.tenants);
    const rowsS = msSince(started) / 1000;
    const indexed = nowNs();
    await runAll(client, [...dimensionIndexesSql(engine), ...ordersIndexesSql(engine), statisticsSql(engine, ['organisations', 'users', 'products', 'orders', 'reviews'])]);
    return { kind: 'single', url, rowsS, indexesS: msSince(indexed) / 1000, shards: [] };
  });
}

/** `shardServerUrls[i]` holds the tenants layout places on shard i. */
export async function buildSharded(engine: ShardEngine, coordinatorServerUrl: string, shardServerUrls: readonly string[], layout: ShardLayout, wiring: ShardWiring): Promise<BuiltSide> {
  const url = await createDatabase(engine, coordinatorServerUrl, BENCH_DATABASE);
  const shards: Shard[] = [];
  for (const [index, serverUrl] of shardServerUrls.entries()) {
    shards.push({ server: `bench_shard_${index + 1}`, url: await createDatabase(engine, serverUrl, BENCH_DATABASE), tenants: tenantsOfShard(layout, index).map((t) => t.organisationId) });
  }
  log(`${engine} sharded: ${layout.orders.toLocaleString('en')} orders over ${shards.length} shards ...`);
  await wiring.attach(url, shards);
  await wiring.createTable(url, shards, { name: 'orders', createTableSql: ordersTableSql(engine), partitionKey: 'organisation_id' });
  await wiring.createTable(url, shards, { name: 'reviews', createTableSql: reviewsTableSql(engine), partitionKey: 'organisation_id' });
  return withSqlClient(engine, url, async (coordinator) => {
    const started = nowNs();
    await loadDimensions(engine, coordinator, layout);
    // Each shard's rows go straight into its own table, all shards at once, as a team loading shards would.
    await Promise.all(
      shards.map((shard, index) =>
        withSqlClient(engine, shard.url, async (client) => {
          await runAll(client, ordersBeforeRowsSql(engine));
          await loadOrders(engine, client, tenantsOfShard(layout, index));
        }),
      ),
    );
    const rowsS = msSince(started) / 1000;
    const indexed = nowNs();
    await Promise.all(shards.map((shard) => withSqlClient(engine, shard.url, (client) => runAll(client, [...ordersIndexesSql(engine), statisticsSql(engine, ['orders', 'reviews'])]))));
    await runAll(coordinator, [...dimensionIndexesSql(engine), statisticsSql(engine, ['organisations', 'users', 'products'])]);
    await wiring.analyzeCoordinator(coordinator, shards);
    return { kind: 'sharded', url, rowsS, indexesS: msSince(indexed) / 1000, shards };
  });
}
