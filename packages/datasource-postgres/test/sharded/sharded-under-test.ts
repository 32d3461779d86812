/**
 * The PostgreSQL adapter on a sharded warehouse, as the conformance harness runs it: the demo warehouse's
 * facts (orders, reviews) partitioned by organisation_id over foreign partitions on the shard servers, its
 * dimensions local on the coordinator (test-support/sharded-demo-warehouse-on-postgres.ts). askdata's data
 * source opens on the coordinator, as a user would configure it. Rows are read back where they live, with
 * pg directly: dimensions on the coordinator, each fact row on its shard, so the tenant isolation suite
 * checks core against the shards themselves rather than through the coordinator's partitions.
 */
import { Client } from 'pg';
import { ownerColumn, type AdapterUnderTest } from '@askdata/conformance';
import { createShardedDemoWarehouseOnPostgres, SHARDED_FACT_TABLES, type ShardedWarehouse } from '../../../../test-support/sharded-demo-warehouse-on-postgres';
import { openPostgresDataSource, postgresHooks } from '../../src/index';

/** The warehouses made through this adapter, by the coordinator's URL (the harness's location). */
const made = new Map<string, ShardedWarehouse>();

export function shardedWarehouseAt(location: string): ShardedWarehouse {
  const warehouse = made.get(location);
  if (!warehouse) throw new Error(`no sharded warehouse at ${location}`);
  return warehouse;
}

const isFact = (table: string): boolean => (SHARDED_FACT_TABLES as readonly string[]).includes(table);

export const shardedPostgresUnderTest: AdapterUnderTest = {
  engine: 'postgres',
  label: 'PostgreSQL sharded over postgres_fdw',
  hooks: postgresHooks,
  createWarehouse: async (name, scale) => {
    const warehouse = await createShardedDemoWarehouseOnPostgres(name, { scale });
    made.set(warehouse.coordinator.url, warehouse);
    return {
      location: warehouse.coordinator.url,
      remove: async () => {
        made.delete(warehouse.coordinator.url);
        await warehouse.drop();
      },
    };
  },
  openDataSource: (url) => openPostgresDataSource(url),
  readDirectly: async (url) => {
    const warehouse = shardedWarehouseAt(url);
    const clients = [new Client({ connectionString: url }), ...warehouse.shards.map((shard) => new Client({ connectionString: shard.url }))];
    await Promise.all(clients.map((client) => client.connect()));
    const [coordinator, ...shards] = clients as [Client, ...Client[]];
    const holders = (table: string): Client[] => (isFact(table) ? shards : [coordinator]);
    return {
      owners: async (table, ids) => {
        const found = new Map<number, number>();
        for (const client of holders(table)) {
          const { rows } = await client.query<{ id: number; org: number }>(`select id, organisation_id as org from "${table}" where id = any($1::int[])`, [ids]);
          for (const row of rows) found.set(row.id, row.org);
        }
        return found;
      },
      values: async (table, column, orgId) => {
        const values = new Set<string>();
        for (const client of holders(table)) {
          const { rows } = await client.query<{ v: unknown }>(`select distinct "${column}" as v from "${table}" where "${ownerColumn(table)}" = $1 and "${column}" is not null`, [orgId]);
          for (const row of rows) values.add(String(row.v));
        }
        return [...values];
      },
      close: async () => void (await Promise.all(clients.map((client) => client.end()))),
    };
  },
};
