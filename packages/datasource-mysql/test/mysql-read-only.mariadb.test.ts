/**
 * MariaDB is read-only at two levels: every session of the data source is read-only and every query runs
 * in a READ ONLY transaction (a write hidden in a stored function is refused), and the documented
 * read-only user can only read even outside askdata's transactions. Nothing a query leaves on its session
 * (a named lock) outlives it on a pooled connection. The user SQL tested here is the text
 * docs/reliability.md shows.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import type { DataSource } from '@askdata/core';
import { createDemoWarehouseOnMysql } from '../../../test-support/demo-warehouse-on-mysql';
import { withMysqlAdmin, withMysqlUser as withUser } from '../../../test-support/mysql';
import type { TestDatabase } from '../../../test-support/postgres';
import { openMysqlDataSource, readOnlyUserSql } from '../src/index';

let database: TestDatabase;
let ds: DataSource;
const user = `askdata_reader_${randomBytes(4).toString('hex')}`;
const password = randomBytes(9).toString('base64url');
const opts = { timeoutMs: 5000, maxRows: 10 };

beforeAll(async () => {
  database = await createDemoWarehouseOnMysql('read_only', 0.01);
  ds = await openMysqlDataSource(database.url, { maxConnections: 1 });
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await withMysqlAdmin((admin) => admin.query(`DROP USER IF EXISTS '${user}'@'%'`)).catch(() => undefined);
  await database?.drop();
});

describe('MariaDB read-only data access', () => {
  it('refuses a write hidden in a stored function: the transaction itself is read-only', async () => {
    await withMysqlAdmin(async (admin) => {
      await admin.query('create table probe (id int auto_increment primary key)');
      await admin.query('create function bump() returns int modifies sql data begin insert into probe values (null); return last_insert_id(); end');
    }, database.url);
    await expect(ds.execute({ sql: 'select bump() as n', parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const [rows] = await withMysqlAdmin((admin) => admin.query<RowDataPacket[]>('select count(*) as n from probe'), database.url);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('refuses a second statement smuggled past the wrapper in SQL with no parameters', async () => {
    const smuggled = 'select 1 as one; create table pwned (id int)';
    await expect(ds.execute({ sql: smuggled, parameters: [] }, opts)).rejects.toMatchObject({ code: 'INTERNAL' });
    const [rows] = await withMysqlAdmin((admin) => admin.query<RowDataPacket[]>("select count(*) as n from information_schema.tables where table_schema = database() and table_name = 'pwned'"), database.url);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('refuses SELECT ... INTO OUTFILE, which a read-only transaction would allow, before it reaches the server', async () => {
    const target = `/tmp/askdata-outfile-${randomBytes(4).toString('hex')}`;
    await expect(ds.execute({ sql: `select id from orders into outfile '${target}'`, parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(ds.execute({ sql: `select id from orders limit 1 into\n  DUMPFILE '${target}'`, parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(existsSync(target)).toBe(false);
  });

  it('releases a named lock taken by a query before the connection is reused', async () => {
    await expect(ds.execute({ sql: "select get_lock('askdata_probe', 0) as locked", parameters: [] }, opts)).resolves.toMatchObject({ rows: [{ locked: 1 }] });
    const [rows] = await withMysqlAdmin((admin) => admin.query<RowDataPacket[]>("select is_free_lock('askdata_probe') as free"));
    expect(rows).toEqual([{ free: 1 }]);
  });

  it('the documented read-only user reads, cannot write, and draws no warning', async () => {
    const dbName = new URL(database.url).pathname.slice(1);
    await withMysqlAdmin((admin) => admin.query(readOnlyUserSql({ user, database: dbName, password })));
    const reader = await createConnection({ uri: withUser(database.url, user, password) });
    try {
      const [counted] = await reader.query<RowDataPacket[]>('select count(*) as n from orders');
      expect(Number(counted[0]?.n)).toBeGreaterThan(0);
      await expect(reader.query("insert into organisations (id, name, created_at) values (999, 'x', now())")).rejects.toMatchObject({ errno: 1142 });
      await expect(reader.query('delete from orders')).rejects.toMatchObject({ errno: 1142 });
      await expect(reader.query('create table intruder (x int)')).rejects.toMatchObject({ errno: 1142 });
      await expect(reader.query("select 1 into outfile '/tmp/askdata-outfile-probe'")).rejects.toMatchObject({ errno: 1227 });
    } finally {
      await reader.end();
    }
    const readerSource = await openMysqlDataSource(withUser(database.url, user, password));
    try {
      await expect(readerSource.execute({ sql: 'select count(*) as n from products', parameters: [] }, opts)).resolves.toMatchObject({ rows: [{ n: expect.any(Number) }] });
      await expect(readerSource.privilegeWarnings?.()).resolves.toEqual([]);
      expect(readerSource.description).not.toContain(password);
    } finally {
      await readerSource.close();
    }
  });

  it('docs/reliability.md shows exactly this user SQL', () => {
    const docs = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'reliability.md'), 'utf8');
    expect(docs).toContain(readOnlyUserSql({ user: 'askdata_reader', database: 'warehouse' }));
  });
});
