/**
 * The schema and database strategies on PostgreSQL, under the same isolation property as every engine's
 * column strategy:
 * - database: two PostgreSQL databases (organisations 1 and 2) behind the service's router, organisation 3
 *   with none (TENANT_UNKNOWN for every plan);
 * - schema: one database with a schema per organisation (tenant_1..3) and, as a trap, the whole warehouse
 *   in public: a query that ran on the default search path would read every tenant's rows and fail the
 *   property. Organisation 4 has no schema.
 * Owners and values are read back from the whole SQLite warehouse the parts were cut from (ids are unique
 * across organisations). Then the router's PostgreSQL promises: a connection limit per tenant, a dropped
 * database answered like one that never existed, and no name PostgreSQL would cut short.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Client } from 'pg';
import { loadModelFile, type CompiledQuery, type DataSource } from '@askdata/core';
import { tenantIsolationSuite } from '@askdata/conformance';
import { openSqliteDataSource } from '@askdata/datasource-sqlite';
import { copySqlite } from '../../../../test-support/copy-sqlite';
import { createSmallDemoWarehouse } from '../../../../test-support/demo-warehouse';
import { createNamedTestDatabase, createTestDatabase, testPostgresAdminUrl, type TestDatabase } from '../../../../test-support/postgres';
import { writeDemoModel } from '../../../../test-support/strategy-models';
import { splitWarehouse, wholeWarehouseLookups } from '../../../../test-support/tenant-warehouses';
import { openDataSource } from '../../src/open-data-source';
import { createTenantDatabaseRouter, type TenantDatabaseRouter } from '../../src/tenant-databases/tenant-database-router';

const prefix = `t${randomBytes(4).toString('hex')}`;
const databaseName = (org: number | string): string => `${prefix}_org_${org}`;
const urlOf = (database: string): string => {
  const url = new URL(testPostgresAdminUrl());
  url.pathname = `/${database}`;
  return url.toString();
};
const template = urlOf(databaseName('{orgId}')).replace(encodeURIComponent('{orgId}'), '{orgId}');

let warehouse: ReturnType<typeof createSmallDemoWarehouse>;
let dir: string;
let whole: Database.Database;
let everyTenant: DataSource;
let tenantDatabases: TestDatabase[];
let schemaDatabase: TestDatabase;
let router: TenantDatabaseRouter;
let schemaSource: DataSource;

beforeAll(async () => {
  warehouse = createSmallDemoWarehouse(0.03);
  dir = mkdtempSync(join(tmpdir(), 'askdata-pg-strategies-'));
  const parts = splitWarehouse(warehouse.path, [1, 2, 3], join(dir, 'parts'));
  whole = new Database(warehouse.path, { readonly: true });
  everyTenant = await openSqliteDataSource(warehouse.path);
  tenantDatabases = [];
  for (const org of [1, 2]) {
    const database = await createNamedTestDatabase(databaseName(org));
    tenantDatabases.push(database);
    await copySqlite(parts.get(org) as string, { engine: 'postgres', url: database.url });
  }
  schemaDatabase = await createTestDatabase('schema_strategy');
  await copySqlite(warehouse.path, { engine: 'postgres', url: schemaDatabase.url });
  for (const org of [1, 2, 3]) await copySqlite(parts.get(org) as string, { engine: 'postgres', url: schemaDatabase.url, schema: `tenant_${org}` });
  router = createTenantDatabaseRouter({ template, baseDir: dir, poolsMax: 5, idleMs: 60_000, connections: 2 });
  schemaSource = await openDataSource(schemaDatabase.url);
}, 180_000);
afterAll(async () => {
  await router?.close();
  await schemaSource?.close();
  await everyTenant?.close();
  for (const database of tenantDatabases ?? []) await database.drop();
  await schemaDatabase?.drop();
  whole?.close();
  warehouse?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const { owners, values } = wholeWarehouseLookups(() => whole);

tenantIsolationSuite('postgres, one database per tenant', () => ({
  dataSource: router,
  model: loadModelFile(writeDemoModel(dir, { strategy: 'database', url: template }, 'database.yaml')),
  everyTenant,
  owners,
  values,
  orgIds: [1, 2, 3],
  unknownOrgIds: [3],
}));

tenantIsolationSuite('postgres, one schema per tenant', () => ({
  dataSource: schemaSource,
  model: loadModelFile(writeDemoModel(dir, { strategy: 'schema', schema: 'tenant_{orgId}' }, 'schema.yaml')),
  everyTenant,
  owners,
  values,
  orgIds: [1, 2, 3, 4],
  unknownOrgIds: [4],
}));

describe('the tenant database router (PostgreSQL databases)', () => {
  const opts = { timeoutMs: 5000, maxRows: 10 };
  const on = (database: string, sql: string): CompiledQuery => ({ sql, parameters: [], tenantDatabase: urlOf(database) });

  it('holds each tenant to TENANT_POOL_CONNECTIONS connections', async () => {
    const admin = new Client({ connectionString: testPostgresAdminUrl() });
    await admin.connect();
    try {
      // Sampled until all six are done, not once after a guessed delay: the most connections ever seen at
      // once. Each sleeps 1 s, so without the cap all six would overlap and be seen.
      let done = false;
      const busy = Promise.all(Array.from({ length: 6 }, () => router.execute(on(databaseName(1), 'select pg_sleep(1) as slept'), opts))).finally(() => (done = true));
      let most = 0;
      while (!done) {
        const { rows } = await admin.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [databaseName(1)]);
        most = Math.max(most, Number(rows[0]?.n));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await busy;
      expect(most).toBe(2);
    } finally {
      await admin.end();
    }
  });

  it('answers a dropped database exactly like one that never existed, and creates none', async () => {
    const name = databaseName('dropped');
    const dropped = await createNamedTestDatabase(name);
    const admin = new Client({ connectionString: dropped.url });
    await admin.connect();
    await admin.query('create table orders (id integer)');
    await admin.end();
    const never = await router.execute(on(databaseName('never'), 'select 1 as one'), opts).catch((error: unknown) => error);
    await expect(router.execute(on(name, 'select count(*) as n from orders'), opts)).resolves.toEqual({ rows: [{ n: 0 }], truncated: false });
    // Dropped with its connections still in the router's pool (FORCE ends them).
    const server = new Client({ connectionString: testPostgresAdminUrl() });
    await server.connect();
    try {
      await server.query(`drop database "${name}" with (force)`);
      const removed = await router.execute(on(name, 'select count(*) as n from orders'), opts).catch((error: unknown) => error);
      expect(never).toMatchObject({ code: 'TENANT_UNKNOWN' });
      expect(removed).toMatchObject({ code: 'TENANT_UNKNOWN', message: (never as Error).message });
      const { rows } = await server.query('select datname from pg_database where datname = any($1)', [[name, databaseName('never')]]);
      expect(rows).toEqual([]);
    } finally {
      await server.end();
    }
  });

  it('refuses a database name PostgreSQL would cut to 63 bytes (it could name another tenant\'s database)', async () => {
    await expect(router.execute(on(`${databaseName(1)}${'x'.repeat(64)}`, 'select 1 as one'), opts)).rejects.toMatchObject({ code: 'TENANT_UNKNOWN' });
  });
});
