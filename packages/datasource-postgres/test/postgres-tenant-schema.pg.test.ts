/**
 * The schema strategy in the adapter, on a real database: the tenant's schema is the search path inside
 * the query's own read-only transaction and nowhere else (a pool of one connection then serves the next
 * query with its own path), a schema that does not exist (never, or no longer) is TENANT_UNKNOWN with the
 * same message, and a query naming a tenant's database is refused here (only the service's router runs it).
 */
import { Client } from 'pg';
import type { DataSource } from '@askdata/core';
import { createTestDatabase, type TestDatabase } from '../../../test-support/postgres';
import { openPostgresDataSource } from '../src/index';

let database: TestDatabase;
let ds: DataSource;
let admin: Client;
const opts = { timeoutMs: 5000, maxRows: 10 };
const read = (searchPath?: string) => ds.execute({ sql: 'select v from t', parameters: [], ...(searchPath === undefined ? {} : { session: { searchPath } }) }, opts);

beforeAll(async () => {
  database = await createTestDatabase('tenant_schema');
  admin = new Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`create table public.t (v text); insert into public.t values ('everyone');
    create schema tenant_1; create table tenant_1.t (v text); insert into tenant_1.t values ('one');
    create schema tenant_2; create table tenant_2.t (v text); insert into tenant_2.t values ('two');
    create schema "we""ird"; create table "we""ird".t (v text); insert into "we""ird".t values ('quoted')`);
  // One connection: every query below reuses the connection the previous one ran on.
  ds = await openPostgresDataSource(database.url, { maxConnections: 1 });
}, 60_000);
afterAll(async () => {
  await ds?.close();
  await admin?.end();
  await database?.drop();
});

describe('PostgreSQL: the tenant schema as transaction-local session state', () => {
  it('reads the tenant\'s schema, and leaves nothing on the pooled connection', async () => {
    await expect(read('tenant_1')).resolves.toMatchObject({ rows: [{ v: 'one' }] });
    await expect(read()).resolves.toMatchObject({ rows: [{ v: 'everyone' }] });
    await expect(read('tenant_2')).resolves.toMatchObject({ rows: [{ v: 'two' }] });
    await expect(read('tenant_1')).resolves.toMatchObject({ rows: [{ v: 'one' }] });
    const session = await ds.execute({ sql: "select current_setting('search_path') as path", parameters: [] }, opts);
    expect(session.rows).toEqual([{ path: '"$user", public' }]);
  });

  it('puts only the tenant\'s schema on the path, quoted as an identifier', async () => {
    const { rows } = await ds.execute({ sql: "select array_to_string(current_schemas(false), '|') as schemas", parameters: [], session: { searchPath: 'we"ird' } }, opts);
    expect(rows).toEqual([{ schemas: 'we"ird' }]);
    await expect(read('we"ird')).resolves.toMatchObject({ rows: [{ v: 'quoted' }] });
  });

  it('answers TENANT_UNKNOWN for a schema that never existed and for one dropped after answering, alike', async () => {
    const never = await read('tenant_9').catch((error: unknown) => error);
    await admin.query('create schema tenant_3; create table tenant_3.t (v text); insert into tenant_3.t values (\'three\')');
    await expect(read('tenant_3')).resolves.toMatchObject({ rows: [{ v: 'three' }] });
    await admin.query('drop schema tenant_3 cascade');
    const removed = await read('tenant_3').catch((error: unknown) => error);
    expect(never).toMatchObject({ code: 'TENANT_UNKNOWN' });
    expect(removed).toMatchObject({ code: 'TENANT_UNKNOWN', message: (never as Error).message });
    // The connection is fine afterwards (the transaction was rolled back).
    await expect(read('tenant_2')).resolves.toMatchObject({ rows: [{ v: 'two' }] });
  });

  it('refuses a query that names a tenant database: only the service\'s router may run it', async () => {
    await expect(ds.execute({ sql: 'select v from t', parameters: [], tenantDatabase: database.url }, opts)).rejects.toMatchObject({ code: 'SCOPE_VIOLATION' });
  });
});
