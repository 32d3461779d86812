/**
 * Issue 12, item 10, on a real PostgreSQL: every statement of the data source goes through the extended
 * protocol, so SQL without bound parameters that closes the wrapper's bracket cannot run a second
 * statement (with the simple protocol it ran `commit; create table ...` as the connection's role), and no
 * session-level state (an advisory lock) outlives a query on a pooled connection. The compiler cannot
 * produce such SQL (it always binds the limit); these tests do not rely on that.
 */
import { Client } from 'pg';
import type { DataSource } from '@askdata/core';
import { createDemoWarehouseOnPostgres } from '../../../test-support/demo-warehouse-on-postgres';
import type { TestDatabase } from '../../../test-support/postgres';
import { openPostgresDataSource } from '../src/index';

let database: TestDatabase;
let ds: DataSource;
const opts = { timeoutMs: 5000, maxRows: 10 };

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
  database = await createDemoWarehouseOnPostgres('pg_protocol', 0.01);
  ds = await openPostgresDataSource(database.url, { maxConnections: 1 });
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await database?.drop();
});

describe('PostgreSQL data source: extended protocol and no session leftovers', () => {
  it('refuses a second statement smuggled past the wrapper in SQL with no parameters', async () => {
    const smuggled = 'select 1 as one) as x; commit; create table pwned (id int); select * from (select 1 as one';
    await expect(ds.execute({ sql: smuggled, parameters: [] }, opts)).rejects.toThrow();
    const exists = await asAdmin(async (client) => (await client.query("select to_regclass('public.pwned') is not null as found")).rows[0] as { found: boolean });
    expect(exists.found).toBe(false);
  });

  it('still runs an ordinary query without parameters', async () => {
    const result = await ds.execute({ sql: 'select count(*) as n from organisations', parameters: [] }, opts);
    expect(Number(result.rows[0]?.n)).toBeGreaterThan(0);
  });

  it('releases a session-level advisory lock taken by a query before the connection is reused', async () => {
    await ds.execute({ sql: 'select pg_advisory_lock(424242) as locked', parameters: [] }, opts);
    const free = await asAdmin(async (client) => {
      const got = (await client.query('select pg_try_advisory_lock(424242) as got')).rows[0] as { got: boolean };
      if (got.got) await client.query('select pg_advisory_unlock(424242)');
      return got.got;
    });
    expect(free).toBe(true);
  });

  it('undoes a session-level setting a query changed (it is rolled back with the transaction)', async () => {
    await ds.execute({ sql: "select set_config('search_path', 'pg_catalog', false) as path", parameters: [] }, opts);
    const result = await ds.execute({ sql: 'select count(*) as n from organisations', parameters: [] }, opts);
    expect(Number(result.rows[0]?.n)).toBeGreaterThan(0);
  });

  it('warns when the role is a superuser', async () => {
    const warnings = await ds.privilegeWarnings?.();
    expect(warnings?.join('\n')).toMatch(/superuser/);
  });
});
