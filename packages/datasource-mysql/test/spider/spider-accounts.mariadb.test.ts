/**
 * The second lock on a Spider setup: what askdata's documented read-only login (readOnlyUserSql) can and
 * cannot do. On the front it reads the sharded facts (Spider connects to the backends with the server's own
 * account, not the caller's) but cannot read those credentials (mysql.servers), Spider's tables, or reach a
 * backend through Spider's functions. On a backend it does not exist; the Spider server's account there may
 * only SELECT on its one database, so nothing the front runs can write a shard.
 */
import { randomBytes } from 'node:crypto';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import type { DataSource } from '@askdata/core';
import { createDemoWarehouseOnSpider, type SpiderWarehouse } from '../../../../test-support/demo-warehouse-on-spider';
import { withMysqlAdmin, withMysqlUser as withUser } from '../../../../test-support/mysql';
import { databaseOf, spiderBackendUser } from '../../../../test-support/spider-shards';
import { openMysqlDataSource, readOnlyUserSql } from '../../src/index';

const user = `askdata_reader_${randomBytes(4).toString('hex')}`;
const password = randomBytes(9).toString('base64url');
const opts = { timeoutMs: 5000, maxRows: 10 };
let warehouse: SpiderWarehouse;
let ds: DataSource;
let reader: Connection;

beforeAll(async () => {
  warehouse = await createDemoWarehouseOnSpider('spider_accounts', { scale: 0.01 });
  await withMysqlAdmin((admin) => admin.query(readOnlyUserSql({ user, database: databaseOf(warehouse.url), password })), warehouse.url);
  ds = await openMysqlDataSource(withUser(warehouse.url, user, password), { maxConnections: 1 });
  reader = await createConnection({ uri: withUser(warehouse.url, user, password) });
}, 120_000);
afterAll(async () => {
  await reader?.end();
  await ds?.close();
  await withMysqlAdmin((admin) => admin.query(`DROP USER IF EXISTS '${user}'@'%'`), warehouse.url).catch(() => undefined);
  await warehouse?.drop();
});

describe("askdata's read-only login on the Spider front", () => {
  it('reads the sharded facts of every backend through askdata, and cannot write them', async () => {
    const { rows } = await ds.execute({ sql: 'select count(distinct organisation_id) as tenants from orders', parameters: [] }, opts);
    expect(Number(rows[0]?.tenants)).toBe(warehouse.shards.flatMap((shard) => shard.tenants).length);
    await expect(reader.query('delete from orders where organisation_id = 1')).rejects.toMatchObject({ errno: 1142 });
    await expect(reader.query('insert into reviews (organisation_id, id, product_id, user_id, rating, comment, created_at) values (1, 999999, 1, 1, 5, ?, now())', ['x'])).rejects.toMatchObject({ errno: 1142 });
  });

  it("cannot read the backends' credentials or Spider's own tables, directly or through askdata", async () => {
    for (const table of ['mysql.servers', 'mysql.spider_tables', 'mysql.spider_link_mon_servers']) {
      await expect(reader.query(`select * from ${table}`)).rejects.toMatchObject({ errno: 1142 });
      await expect(ds.execute({ sql: `select * from ${table}`, parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    // The admin does see them: the password is there, for the front to use.
    const [servers] = await withMysqlAdmin((admin) => admin.query<RowDataPacket[]>('select Server_name as name, Password as secret from mysql.servers where Server_name in (?)', [warehouse.shards.map((shard) => shard.server)]), warehouse.url);
    expect(servers).toHaveLength(warehouse.shards.length);
    const [definition] = await reader.query<RowDataPacket[]>('show create table orders');
    const text = String(definition[0]?.['Create Table']);
    expect(text).toContain(`REMOTE_SERVER = '${warehouse.shards[0]?.server}'`);
    for (const server of servers) expect(text).not.toContain(String(server.secret));
  });

  it("is refused Spider's functions that run SQL on a backend, before they are sent", async () => {
    const server = warehouse.shards[0]?.server ?? '';
    for (const call of [`select spider_direct_sql('select 1', 'probe', 'srv "${server}"') as n`, 'select `spider_bg_direct_sql` /* */ (1, 2, 3) as n', "select SPIDER_COPY_TABLES('orders', '0', '1') as n"]) {
      await expect(ds.execute({ sql: call, parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    // Outside askdata the login could call them (MariaDB checks no privilege for a loadable function), but
    // spider_direct_sql writes its rows into a temporary table, which the read-only login may not create.
    await expect(reader.query('create temporary table probe (n int)')).rejects.toMatchObject({ errno: 1044 });
    await expect(reader.query(`select spider_direct_sql('select 1', 'probe', 'srv "${server}"') as n`)).rejects.toMatchObject({ errno: 12703 });
  });
});

describe('on a backend', () => {
  it("askdata's login does not exist there", async () => {
    for (const shard of warehouse.shards) {
      await expect(createConnection({ uri: withUser(shard.url, user, password) })).rejects.toMatchObject({ errno: 1045 });
    }
  });

  it("Spider's account there holds SELECT on the one database and nothing else", async () => {
    for (const shard of warehouse.shards) {
      const [grants] = await withMysqlAdmin((admin) => admin.query<RowDataPacket[]>(`show grants for ?@'%'`, [spiderBackendUser(shard.server)]), shard.url);
      expect(grants.map((row) => String(Object.values(row)[0]).replace(/ IDENTIFIED BY PASSWORD '[^']*'/, ''))).toEqual([
        `GRANT USAGE ON *.* TO \`${spiderBackendUser(shard.server)}\`@\`%\``,
        `GRANT SELECT ON \`${databaseOf(shard.url)}\`.* TO \`${spiderBackendUser(shard.server)}\`@\`%\``,
      ]);
    }
  });
});
