/**
 * PostgreSQL is read-only at two levels: every query of the data source runs in a READ ONLY transaction
 * (a write hidden in a function call is refused), and the documented read-only role can only read even
 * outside askdata's transactions. The role SQL tested here is the text docs/reliability.md shows.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type { DataSource } from '@askdata/core';
import { createDemoWarehouseOnPostgres } from '../../../test-support/demo-warehouse-on-postgres';
import type { TestDatabase } from '../../../test-support/postgres';
import { openPostgresDataSource, readOnlyRoleSql } from '../src/index';

let database: TestDatabase;
let ds: DataSource;
const role = `askdata_reader_${randomBytes(4).toString('hex')}`;
const opts = { timeoutMs: 5000, maxRows: 10 };

function withUser(url: string, user: string): string {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = '';
  return parsed.toString();
}

async function asAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  database = await createDemoWarehouseOnPostgres('read_only', 0.01);
  ds = await openPostgresDataSource(database.url);
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await asAdmin(async (client) => {
    await client.query(`DROP OWNED BY ${role}`);
  }).catch(() => undefined);
  await database?.drop();
  const admin = new Client({ connectionString: process.env.ASKDATA_TEST_PG_URL });
  await admin.connect();
  await admin.query(`DROP ROLE IF EXISTS ${role}`).finally(() => admin.end());
});

describe('postgres read-only data access', () => {
  it('refuses a write hidden in a function call: the transaction itself is read-only', async () => {
    await asAdmin((client) => client.query('create sequence askdata_probe'));
    await expect(ds.execute({ sql: "select nextval('askdata_probe') as n", parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(ds.execute({ sql: "select set_config('default_transaction_read_only', 'off', false) as x", parameters: [] }, opts)).resolves.toBeDefined();
    // Even after the session setting was flipped, the next query still runs in its own READ ONLY transaction.
    await expect(ds.execute({ sql: "select nextval('askdata_probe') as n", parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('rolls back whatever PostgreSQL lets a read-only transaction do (lo_create leaves nothing behind)', async () => {
    await expect(ds.execute({ sql: 'select lo_create(0) as oid', parameters: [] }, opts)).resolves.toMatchObject({ rows: [{ oid: expect.any(Number) }] });
    const left = await asAdmin((client) => client.query('select count(*)::int as n from pg_largeobject_metadata'));
    expect(left.rows).toEqual([{ n: 0 }]);
  });

  it('the documented read-only role reads, and cannot write even when it turns read-only off', async () => {
    const dbName = new URL(database.url).pathname.slice(1);
    await asAdmin((client) => client.query(readOnlyRoleSql({ role, database: dbName })));
    const reader = new Client({ connectionString: withUser(database.url, role) });
    await reader.connect();
    try {
      expect((await reader.query('show default_transaction_read_only')).rows).toEqual([{ default_transaction_read_only: 'on' }]);
      expect(Number((await reader.query('select count(*) as n from orders')).rows[0].n)).toBeGreaterThan(0);
      await expect(reader.query("insert into organisations (id, name, created_at) values (999, 'x', now())")).rejects.toMatchObject({ code: '25006' });
      await reader.query('set default_transaction_read_only = off');
      await expect(reader.query("insert into organisations (id, name, created_at) values (999, 'x', now())")).rejects.toMatchObject({ code: '42501' });
      await expect(reader.query('delete from orders')).rejects.toMatchObject({ code: '42501' });
      await expect(reader.query('create table intruder (x int)')).rejects.toMatchObject({ code: '42501' });
    } finally {
      await reader.end();
    }
    const readerSource = await openPostgresDataSource(withUser(database.url, role));
    try {
      await expect(readerSource.execute({ sql: 'select count(*) as n from products', parameters: [] }, opts)).resolves.toMatchObject({ rows: [{ n: expect.any(Number) }] });
    } finally {
      await readerSource.close();
    }
  });

  it('docs/reliability.md shows exactly this role SQL', () => {
    const docs = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'reliability.md'), 'utf8');
    expect(docs).toContain(readOnlyRoleSql({ role: 'askdata_reader', database: 'warehouse' }));
  });
});
