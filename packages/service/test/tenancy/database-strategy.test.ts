/**
 * The database strategy on SQLite: the demo warehouse cut into one file per organisation, the demo model
 * with `url: "file:./tenants/{orgId}.sqlite"` (relative to the model file's folder), and the service's
 * router in front of the files. The same isolation property as every engine's column strategy runs on it
 * (organisation 4 has no file: TENANT_UNKNOWN for every plan), with a cap of two open tenants, so the
 * property also runs through evictions. Then what the router itself promises: lazy opening, the cap, the
 * idle close, no file ever created, and a removed tenant answered exactly like one that never existed.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadModelFile, type CompiledQuery, type DataSource } from '@askdata/core';
import { tenantIsolationSuite } from '@askdata/conformance';
import { openSqliteDataSource } from '@askdata/datasource-sqlite';
import { createSmallDemoWarehouse } from '../../../../test-support/demo-warehouse';
import { writeDemoModel } from '../../../../test-support/strategy-models';
import { splitWarehouse, wholeWarehouseLookups } from '../../../../test-support/tenant-warehouses';
import { createTenantDatabaseRouter, type TenantDatabaseRouter } from '../../src/tenant-databases/tenant-database-router';

let warehouse: ReturnType<typeof createSmallDemoWarehouse>;
let dir: string;
let whole: Database.Database;
let everyTenant: DataSource;
let router: TenantDatabaseRouter;
const template = 'file:./tenants/{orgId}.sqlite';

beforeAll(async () => {
  warehouse = createSmallDemoWarehouse(0.03);
  dir = mkdtempSync(join(tmpdir(), 'askdata-database-strategy-'));
  splitWarehouse(warehouse.path, [1, 2, 3], join(dir, 'tenants'));
  whole = new Database(warehouse.path, { readonly: true });
  everyTenant = await openSqliteDataSource(warehouse.path);
  router = createTenantDatabaseRouter({ template, baseDir: dir, poolsMax: 2, idleMs: 60_000, connections: 1 });
});
afterAll(async () => {
  await router?.close();
  await everyTenant?.close();
  whole?.close();
  warehouse?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const { owners, values } = wholeWarehouseLookups(() => whole);

tenantIsolationSuite('sqlite, one database file per tenant', () => ({
  dataSource: router,
  model: loadModelFile(writeDemoModel(dir, { strategy: 'database', url: template })),
  everyTenant,
  owners,
  values,
  orgIds: [1, 2, 3, 4],
  unknownOrgIds: [4],
}));

describe('the tenant database router (SQLite files)', () => {
  const count = (tenant: string): CompiledQuery => ({ sql: 'select count(*) as n from orders', parameters: [], tenantDatabase: `file:./tenants/${tenant}.sqlite` });
  const opts = { timeoutMs: 5000, maxRows: 10 };
  const ordersOf = (orgId: number): number => (whole.prepare('select count(*) as n from orders where organisation_id = ?').get(orgId) as { n: number }).n;

  it('answers each tenant from its own file, opening files lazily and at most poolsMax at once', async () => {
    const local = createTenantDatabaseRouter({ template, baseDir: dir, poolsMax: 2, idleMs: 60_000, connections: 1 });
    try {
      expect(local.openPools).toBe(0);
      for (const orgId of [1, 2, 3, 1]) await expect(local.execute(count(String(orgId)), opts)).resolves.toEqual({ rows: [{ n: ordersOf(orgId) }], truncated: false });
      expect(local.openPools).toBe(2);
      expect(new Set([1, 2, 3].map(ordersOf)).size).toBe(3);
    } finally {
      await local.close();
    }
  });

  it('closes a tenant\'s file after it has been idle', async () => {
    const local = createTenantDatabaseRouter({ template, baseDir: dir, poolsMax: 5, idleMs: 50, connections: 1 });
    try {
      await local.execute(count('1'), opts);
      expect(local.openPools).toBe(1);
      // Polled, bounded by the test's timeout: the idle timer fires late on a busy machine, never early.
      while (local.openPools > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(local.openPools).toBe(0);
      await expect(local.execute(count('1'), opts)).resolves.toMatchObject({ rows: [{ n: ordersOf(1) }] });
    } finally {
      await local.close();
    }
  });

  it('resolves relative paths against the model\'s folder, and creates no file for a tenant that has none', async () => {
    const before = readdirSync(join(dir, 'tenants')).sort();
    await expect(router.execute(count('9'), opts)).rejects.toMatchObject({ code: 'TENANT_UNKNOWN' });
    expect(readdirSync(join(dir, 'tenants')).sort()).toEqual(before);
    expect(existsSync(join(process.cwd(), 'tenants'))).toBe(false);
  });

  it('answers a removed tenant exactly like one that never existed', async () => {
    const removable = splitWarehouse(warehouse.path, [2], join(dir, 'tenants'), () => 'gone.sqlite').get(2) as string;
    const never = await router.execute(count('never'), opts).catch((error: unknown) => error);
    await expect(router.execute(count('gone'), opts)).resolves.toMatchObject({ rows: [{ n: ordersOf(2) }] });
    unlinkSync(removable);
    const removed = await router.execute(count('gone'), opts).catch((error: unknown) => error);
    expect(never).toMatchObject({ code: 'TENANT_UNKNOWN' });
    expect(removed).toMatchObject({ code: 'TENANT_UNKNOWN', message: (never as Error).message });
    expect(existsSync(removable)).toBe(false);
  });

  it('runs no query that names no tenant database, and hands none to the tenant\'s own source', async () => {
    await expect(router.execute({ sql: 'select count(*) as n from orders', parameters: [] }, opts)).rejects.toMatchObject({ code: 'SCOPE_VIOLATION' });
    await expect(router.execute({ ...count('1'), session: { searchPath: 'tenant_1' } }, opts)).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    await expect(router.ping()).resolves.toBeUndefined();
    await expect(router.introspect()).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });
});
