/**
 * Introspection of a coordinator whose facts are partitioned over shards: the partitioned tables are the
 * tables, their partitions are not (neither the foreign ones on the shards nor a local one, e.g. the
 * partition holding the tenants not yet moved during a migration). What the catalog cannot say there is
 * pinned too: a partitioned table with foreign partitions has no primary key and no foreign keys (PostgreSQL
 * builds no unique index over foreign tables), so the model file must declare them.
 */
import { introspectModel, type DataSource } from '@askdata/core';
import { withClient } from '../../../../test-support/postgres-shards';
import { createShardedDemoWarehouseOnPostgres, type ShardedWarehouse } from '../../../../test-support/sharded-demo-warehouse-on-postgres';
import { openPostgresDataSource } from '../../src/index';

let warehouse: ShardedWarehouse;
let ds: DataSource;
beforeAll(async () => {
  warehouse = await createShardedDemoWarehouseOnPostgres('sharded_introspect', { scale: 0.01 });
  // Tenants not placed on a shard yet stay on the coordinator, in a local partition.
  await withClient(warehouse.coordinator.url, (client) => client.query('create table orders_unplaced partition of orders default'));
  ds = await openPostgresDataSource(warehouse.coordinator.url);
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await warehouse?.drop();
});

it('lists the partitioned tables as the tables, not their partitions, foreign or local', async () => {
  const tables = await ds.introspect();
  expect(tables.map((table) => table.name).sort()).toEqual(['orders', 'organisations', 'products', 'reviews', 'users']);
  expect(tables.find((table) => table.name === 'orders')?.columns.map((column) => column.name)).toEqual(['organisation_id', 'id', 'user_id', 'product_id', 'subtotal', 'tax', 'discount', 'quantity', 'created_at']);
});

it('finds no primary or foreign keys on the sharded facts, which the dimensions keep', async () => {
  const tables = await ds.introspect();
  for (const fact of ['orders', 'reviews']) {
    const table = tables.find((candidate) => candidate.name === fact);
    expect(table?.columns.filter((column) => column.primaryKey)).toEqual([]);
    expect(table?.foreignKeys).toEqual([]);
  }
  expect(tables.find((table) => table.name === 'users')?.foreignKeys).toEqual([{ column: 'organisation_id', referencedTable: 'organisations', referencedColumn: 'id' }]);
});

it('infers the facts\' keys and relations from a small warehouse\'s data, which a large one cannot prove (the model declares them)', async () => {
  const model = await introspectModel(ds, { tenancy: 'none' });
  expect(model.entities.orders?.primaryKey).toBe('id');
  expect(model.relations.filter((relation) => relation.fromEntity === 'orders').map((relation) => relation.toEntity).sort()).toEqual(['organisations', 'products', 'users']);
});
