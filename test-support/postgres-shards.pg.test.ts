/**
 * The sharded demo warehouse holds the same rows as the single-server one: each fact row is on the shard
 * its tenant was placed on, read back through the coordinator's partitioned table and on the shard itself.
 */
import { Client } from 'pg';
import { createDemoWarehouseOnPostgres } from './demo-warehouse-on-postgres';
import type { TestDatabase } from './postgres';
import { withClient } from './postgres-shards';
import { createShardedDemoWarehouseOnPostgres, dealTenants, SHARDED_FACT_TABLES, type ShardedWarehouse } from './sharded-demo-warehouse-on-postgres';

const SCALE = 0.02;
let sharded: ShardedWarehouse;
let single: TestDatabase;

beforeAll(async () => {
  [sharded, single] = await Promise.all([createShardedDemoWarehouseOnPostgres('shards_support', { scale: SCALE }), createDemoWarehouseOnPostgres('shards_single', SCALE)]);
}, 120_000);

afterAll(async () => {
  await sharded?.drop();
  await single?.drop();
});

const countsByTenant = (client: Client, table: string) =>
  client.query<{ organisation_id: number; n: string }>(`select organisation_id, count(*) as n from ${table} group by 1 order by 1`).then((result) => result.rows);

test('deals tenants round-robin over the shards', () => {
  expect(dealTenants([3, 1, 2, 5, 4], 2)).toEqual([[1, 3, 5], [2, 4]]);
});

test.each(SHARDED_FACT_TABLES)('%s through the coordinator holds the single server rows, each tenant on its own shard', async (table) => {
  const expected = await withClient(single.url, (client) => countsByTenant(client, table));
  expect(expected.length).toBeGreaterThan(1);
  expect(await withClient(sharded.coordinator.url, (client) => countsByTenant(client, table))).toEqual(expected);
  for (const shard of sharded.shards) {
    const onShard = await withClient(shard.url, (client) => countsByTenant(client, table));
    expect(onShard).toEqual(expected.filter((row) => shard.tenants.includes(row.organisation_id)));
  }
});

test('the coordinator keeps the dimensions as tables and the facts as partitioned tables of foreign partitions', async () => {
  const kinds = await withClient(sharded.coordinator.url, async (client) =>
    (await client.query<{ relname: string; relkind: string; relispartition: boolean }>(`select relname, relkind::text, relispartition from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'f') order by relname`)).rows,
  );
  expect(kinds).toEqual([
    { relname: 'orders', relkind: 'p', relispartition: false },
    { relname: 'orders_shard_1', relkind: 'f', relispartition: true },
    { relname: 'orders_shard_2', relkind: 'f', relispartition: true },
    { relname: 'organisations', relkind: 'r', relispartition: false },
    { relname: 'products', relkind: 'r', relispartition: false },
    { relname: 'reviews', relkind: 'p', relispartition: false },
    { relname: 'reviews_shard_1', relkind: 'f', relispartition: true },
    { relname: 'reviews_shard_2', relkind: 'f', relispartition: true },
    { relname: 'users', relkind: 'r', relispartition: false },
  ]);
});
