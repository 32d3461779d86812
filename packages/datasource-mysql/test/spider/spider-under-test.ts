/**
 * The MySQL adapter on a Spider front, as the conformance harness runs it: the demo warehouse with its
 * facts sharded over the backends (test-support/demo-warehouse-on-spider.ts), the data source open on the
 * front. Rows are read back independently of core AND of Spider: a fact table's owners and values come
 * from each backend directly, the dimensions' from the front's own InnoDB tables.
 */
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { ownerColumn, type AdapterUnderTest } from '@askdata/conformance';
import { createDemoWarehouseOnSpider, SHARDED_FACT_TABLES, type SpiderWarehouse } from '../../../../test-support/demo-warehouse-on-spider';
import { mysqlHooks, openMysqlDataSource } from '../../src/index';

const made = new Map<string, SpiderWarehouse>();

/** The warehouse a location (the front's URL) names, for tests that need its shards. */
export function spiderWarehouseAt(location: string): SpiderWarehouse {
  const warehouse = made.get(location);
  if (!warehouse) throw new Error(`no Spider warehouse was made at ${new URL(location).pathname}`);
  return warehouse;
}

const isFact = (table: string): boolean => (SHARDED_FACT_TABLES as readonly string[]).includes(table);

export const spiderUnderTest: AdapterUnderTest = {
  engine: 'mysql',
  label: 'MariaDB Spider',
  hooks: mysqlHooks,
  createWarehouse: async (name, scale) => {
    const warehouse = await createDemoWarehouseOnSpider(name, scale === undefined ? {} : { scale });
    made.set(warehouse.url, warehouse);
    return {
      location: warehouse.url,
      remove: async () => {
        made.delete(warehouse.url);
        await warehouse.drop();
      },
    };
  },
  openDataSource: (url) => openMysqlDataSource(url),
  readDirectly: async (url) => {
    const warehouse = spiderWarehouseAt(url);
    const front = await createConnection({ uri: url });
    const backends = await Promise.all(warehouse.shards.map((shard) => createConnection({ uri: shard.url })));
    const holders = (table: string): Connection[] => (isFact(table) ? backends : [front]);
    const read = async (table: string, sql: string, values: unknown[]): Promise<RowDataPacket[]> => (await Promise.all(holders(table).map(async (connection) => (await connection.query<RowDataPacket[]>(sql, values))[0]))).flat();
    return {
      owners: async (table, ids) => {
        if (ids.length === 0) return new Map();
        const rows = await read(table, `select id, organisation_id as org from \`${table}\` where id in (?)`, [ids]);
        return new Map(rows.map((row) => [Number(row.id), Number(row.org)]));
      },
      values: async (table, column, orgId) => {
        const rows = await read(table, `select distinct \`${column}\` as v from \`${table}\` where \`${ownerColumn(table)}\` = ? and \`${column}\` is not null`, [orgId]);
        return [...new Set(rows.map((row) => String(row.v)))];
      },
      close: async () => {
        await front.end();
        for (const backend of backends) await backend.end();
      },
    };
  },
};
