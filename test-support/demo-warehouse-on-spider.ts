/**
 * Test helper: the small generated demo warehouse sharded with MariaDB's Spider engine, as a team moving
 * off one server would do it. The front database (on the ASKDATA_TEST_MYSQL_URL server) keeps the
 * dimensions (organisations, users, products) as ordinary InnoDB tables; the facts (orders, reviews)
 * become Spider tables PARTITION BY LIST (organisation_id) over one database of the same name on each
 * backend, tenants placed alternately (1, 3, 5... on the first backend, 2, 4... on the second).
 *
 * The migration steps, in order: copy the warehouse to the front as for one server; per fact table,
 * read its rows, drop it on the front, create it on the backends (without its foreign keys: the
 * dimensions they point at are not there) and the Spider table on the front, then load each tenant's rows
 * into its backend directly (Spider's backend accounts are read-only, so nothing writes through the front).
 */
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import type { TestDatabase } from './postgres';
import { copySqlite } from './copy-sqlite';
import { createSmallDemoWarehouse } from './demo-warehouse';
import { createTestMysqlDatabase } from './mysql';
import { createTestMysqlShardDatabases, testMysqlShardUrls } from './mysql-shard-servers';
import { attachSpiderShards, createSpiderTable, databaseOf, detachSpiderShards, spiderServerName, type SpiderShard } from './spider-shards';

export const SHARDED_FACT_TABLES = ['orders', 'reviews'] as const;
export const TENANT_COLUMN = 'organisation_id';

export interface SpiderWarehouse extends TestDatabase {
  /** The front database's URL (admin): the data source's URL. */
  url: string;
  shards: SpiderShard[];
  /** The shard holding `tenant`. */
  shardOf(tenant: number): SpiderShard;
}

export interface SpiderWarehouseOptions {
  scale?: number;
  /** Backend admin URLs (default: ASKDATA_TEST_MYSQL_SHARD_URLS); a test that stops a backend passes its own. */
  shardAdminUrls?: string[];
}

/** The backend's CREATE TABLE: the front's without foreign keys (the dimensions stay on the front). */
export function withoutForeignKeys(createSql: string): string {
  return createSql
    .split('\n')
    .filter((line) => !/^\s*CONSTRAINT\b.*\bFOREIGN KEY\b/i.test(line))
    .join('\n')
    .replace(/,(\s*\n\))/, '$1');
}

async function batchInsert(url: string, table: string, rows: RowDataPacket[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const connection = await createConnection({ uri: url });
  try {
    const perBatch = Math.floor(20_000 / columns.length);
    for (let start = 0; start < rows.length; start += perBatch) {
      const batch = rows.slice(start, start + perBatch).map((row) => columns.map((column) => row[column]));
      await connection.query(`insert into \`${table}\` (${columns.map((column) => `\`${column}\``).join(', ')}) values ?`, [batch]);
    }
  } finally {
    await connection.end();
  }
}

export async function createDemoWarehouseOnSpider(prefix: string, options: SpiderWarehouseOptions = {}): Promise<SpiderWarehouse> {
  const front = await createTestMysqlDatabase(prefix);
  const name = databaseOf(front.url);
  let backends: TestDatabase[] = [];
  let shards: SpiderShard[] = [];
  const drop = async (): Promise<void> => {
    await detachSpiderShards(front.url, shards).catch(() => undefined);
    await front.drop();
    for (const backend of backends) await backend.drop().catch(() => undefined);
  };
  const warehouse = createSmallDemoWarehouse(options.scale);
  // Date-times as the server's text: no time-zone conversion on the way from the front to a backend.
  const reader = await createConnection({ uri: front.url, dateStrings: true });
  try {
    await copySqlite(warehouse.path, { engine: 'mysql', url: front.url });
    backends = await createTestMysqlShardDatabases(name, options.shardAdminUrls ?? testMysqlShardUrls());
    const [organisations] = await reader.query<RowDataPacket[]>('select id from organisations order by id');
    shards = backends.map((backend, index) => ({
      server: spiderServerName(`${name}_${index + 1}`),
      url: backend.url,
      tenants: organisations.map((row) => Number(row.id)).filter((_, position) => position % backends.length === index),
    }));
    await attachSpiderShards(front.url, shards);
    for (const table of SHARDED_FACT_TABLES) {
      const [created] = await reader.query<RowDataPacket[]>(`show create table \`${table}\``);
      const createTableSql = withoutForeignKeys(String(created[0]?.['Create Table']));
      const [rows] = await reader.query<RowDataPacket[]>(`select * from \`${table}\` order by id`);
      await reader.query(`drop table \`${table}\``);
      await createSpiderTable(front.url, shards, { name: table, createTableSql, partitionKey: TENANT_COLUMN });
      for (const shard of shards) {
        const tenants = new Set(shard.tenants);
        await batchInsert(shard.url, table, rows.filter((row) => tenants.has(Number(row[TENANT_COLUMN]))));
      }
    }
  } catch (error) {
    await reader.end().catch(() => undefined);
    await drop();
    throw error;
  } finally {
    warehouse.cleanup();
  }
  await reader.end();
  return {
    url: front.url,
    shards,
    shardOf(tenant) {
      const shard = shards.find((candidate) => candidate.tenants.includes(tenant));
      if (!shard) throw new Error(`no shard holds tenant ${tenant}`);
      return shard;
    },
    drop,
  };
}
