/**
 * Test helper: the small generated demo warehouse, sharded by tenant with foreign partitions. Per call, a
 * database on the coordinator (ASKDATA_TEST_PG_URL, or `servers.coordinator`) and one on each shard server
 * (ASKDATA_TEST_PG_SHARD_URLS, or `servers.shards`). The dimensions (organisations, users, products) stay
 * ordinary tables on the coordinator; the facts (orders, reviews) become tables PARTITION BY LIST
 * (organisation_id) whose partitions are foreign tables on the shards, tenants dealt round-robin (tenant 1
 * on shard_1, tenant 2 on shard_2, ...).
 *
 * It is done as docs/scale.md tells a team to migrate a single-server warehouse: the whole warehouse is
 * copied onto the coordinator first (the "single server"), then each fact table is moved: its columns and
 * indexes read from the catalog and created on every shard, each shard's tenants' rows copied there
 * (COPY ... TO STDOUT on the coordinator into COPY ... FROM STDIN on the shard), the local table dropped
 * and the partitioned table with its foreign partitions created in its place.
 */
import { pipeline } from 'node:stream/promises';
import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { createDemoWarehouseOnPostgres } from './demo-warehouse-on-postgres';
import { createTestDatabase, testPostgresAdminUrl, type TestDatabase } from './postgres';
import { testPostgresShardUrls } from './postgres-shard-servers';
import { attachPostgresShards, createShardedTable, dropShardReaders, withClient, type PgShard, type ShardServerOptions } from './postgres-shards';

export const SHARDED_FACT_TABLES = ['orders', 'reviews'] as const;
export const COORDINATOR_DIMENSIONS = ['organisations', 'users', 'products'] as const;

export interface ShardedWarehouse {
  /** The coordinator database: what askdata's data source URL names. */
  coordinator: TestDatabase;
  shards: PgShard[];
  /** The shard's server name holding this tenant. */
  shardOf(tenant: number): string;
  /** Drops the coordinator's and the shards' databases and the shards' reader roles. */
  drop(): Promise<void>;
}

export interface ShardedWarehouseOptions extends ShardServerOptions {
  scale?: number;
  /** Admin URLs of the servers to use instead of the test run's shared ones (a test that stops a shard). */
  servers?: { coordinator: string; shards: string[] };
}

/** Deals tenants over the shards round-robin: tenant ids in order, the i-th to shard i mod n. */
export function dealTenants(tenants: number[], shardCount: number): number[][] {
  const placed: number[][] = Array.from({ length: shardCount }, () => []);
  [...tenants].sort((a, b) => a - b).forEach((tenant, i) => placed[i % shardCount]?.push(tenant));
  return placed;
}

export async function createShardedDemoWarehouseOnPostgres(prefix: string, options: ShardedWarehouseOptions = {}): Promise<ShardedWarehouse> {
  const coordinatorServer = options.servers?.coordinator ?? testPostgresAdminUrl();
  const shardServers = options.servers?.shards ?? testPostgresShardUrls();
  const coordinator = await createDemoWarehouseOnPostgres(prefix, options.scale, coordinatorServer);
  const shardDatabases: TestDatabase[] = [];
  let shards: PgShard[] = [];
  const drop = async (): Promise<void> => {
    await coordinator.drop();
    for (const database of shardDatabases) await database.drop();
    await dropShardReaders(shards);
  };
  try {
    for (const server of shardServers) shardDatabases.push(await createTestDatabase(prefix, server));
    const tenants = await withClient(coordinator.url, async (client) => (await client.query<{ id: number }>('select id from organisations order by id')).rows.map((row) => row.id));
    const placement = dealTenants(tenants, shardDatabases.length);
    shards = shardDatabases.map((database, i) => ({ server: `shard_${i + 1}`, url: database.url, tenants: placement[i] ?? [] }));
    await attachPostgresShards(coordinator.url, shards, options);
    for (const table of SHARDED_FACT_TABLES) await moveToShards(coordinator.url, shards, table);
    for (const shard of shards) await withClient(shard.url, (client) => client.query('analyze'));
    await withClient(coordinator.url, (client) => analyzeWithForeignPartitions(client));
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }
  const shardOf = (tenant: number): string => {
    const shard = shards.find((candidate) => candidate.tenants.includes(tenant));
    if (!shard) throw new Error(`tenant ${tenant} is on no shard`);
    return shard.server;
  };
  return { coordinator, shards, shardOf, drop };
}

/**
 * ANALYZE of the whole database skips foreign tables: without their statistics the planner guesses a
 * foreign partition's rows (and e.g. sorts a top-N on the coordinator instead of on the shard). Each is
 * named here, which samples it on its shard (docs/scale.md: after loading, and as the shards' data grows).
 */
export async function analyzeWithForeignPartitions(client: Client): Promise<void> {
  await client.query('analyze');
  const foreign = (await client.query<{ name: string }>(`select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'f'`)).rows;
  if (foreign.length > 0) await client.query(`analyze ${foreign.map((table) => table.name).join(', ')}`);
}

/**
 * The DDL of a local table as plain CREATE TABLE (columns, types, not null, primary key) and CREATE INDEX
 * statements, read from the catalog: what each shard creates. Foreign keys are left out: the rows they
 * point at stay on the coordinator.
 */
export async function shardTableDdl(client: Client, table: string, nameOnShard = table): Promise<string> {
  const columns = (
    await client.query<{ name: string; type: string; notnull: boolean }>(
      `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull
       from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`,
      [table],
    )
  ).rows;
  const primaryKey = (await client.query<{ def: string }>(`select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and contype = 'p'`, [table])).rows;
  const indexes = (
    await client.query<{ def: string }>(
      `select pg_get_indexdef(i.indexrelid) as def from pg_index i where i.indrelid = $1::regclass and not i.indisprimary order by i.indexrelid`,
      [table],
    )
  ).rows;
  const parts = [...columns.map((c) => `"${c.name}" ${c.type}${c.notnull ? ' not null' : ''}`), ...primaryKey.map((p) => p.def)];
  // pg_get_indexdef names the index and the local table; on the shard the index gets a default name.
  const indexStatements = indexes.map((index) => index.def.replace(/^CREATE (UNIQUE )?INDEX \S+ ON \S+/, `CREATE $1INDEX ON public."${nameOnShard}"`));
  return [`create table public."${nameOnShard}" (${parts.join(', ')})`, ...indexStatements].join(';\n');
}

/** Moves one local table of the coordinator onto the shards, as the migration in docs/scale.md does. */
async function moveToShards(coordinatorUrl: string, shards: PgShard[], table: string): Promise<void> {
  const local = `${table}_single_server`;
  const ddl = await withClient(coordinatorUrl, async (coordinator) => {
    await coordinator.query(`alter table public."${table}" rename to "${local}"`);
    return shardTableDdl(coordinator, local, table);
  });
  await createShardedTable(coordinatorUrl, shards, { name: table, createTableSql: ddl, partitionKey: 'organisation_id' });
  await withClient(coordinatorUrl, async (coordinator) => {
    for (const shard of shards) {
      if (shard.tenants.length === 0) continue;
      await withClient(shard.url, async (target) => {
        const out = coordinator.query(copyTo(`copy (select * from public."${local}" where organisation_id = any('{${shard.tenants.join(',')}}'::int[])) to stdout`));
        const into = target.query(copyFrom(`copy public."${table}" from stdin`));
        await pipeline(out, into);
      });
    }
    await coordinator.query(`drop table public."${local}"`);
  });
}
