/**
 * The database strategy's router on MariaDB (`url: "mysql://…/<prefix>_{orgId}"`): a tenant's own database
 * answers, and one that never existed or was dropped after answering is TENANT_UNKNOWN alike (the
 * adapter marks MariaDB's "unknown database" as a missing database; nothing is created).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompiledQuery } from '@askdata/core';
import { createTestMysqlDatabase, testMysqlAdminUrl, withMysqlAdmin, withMysqlDatabase } from '../../../../test-support/mysql';
import type { TestDatabase } from '../../../../test-support/postgres';
import { createTenantDatabaseRouter, type TenantDatabaseRouter } from '../../src/tenant-databases/tenant-database-router';

let database: TestDatabase;
let router: TenantDatabaseRouter;
let dir: string;
let name: string;

beforeAll(async () => {
  database = await createTestMysqlDatabase('tenant_router');
  name = new URL(database.url).pathname.slice(1);
  await withMysqlAdmin((connection) => connection.query('create table orders (id integer); insert into orders values (1), (2)'), database.url);
  dir = mkdtempSync(join(tmpdir(), 'askdata-mariadb-router-'));
  router = createTenantDatabaseRouter({ template: withMysqlDatabase(testMysqlAdminUrl(), `${name.slice(0, -1)}{orgId}`).replace(encodeURIComponent('{orgId}'), '{orgId}'), baseDir: dir, poolsMax: 4, idleMs: 60_000, connections: 1 });
}, 60_000);
afterAll(async () => {
  await router?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const count = (database: string): CompiledQuery => ({ sql: 'select count(*) as n from orders', parameters: [], tenantDatabase: withMysqlDatabase(testMysqlAdminUrl(), database) });
const opts = { timeoutMs: 5000, maxRows: 10 };

describe('the tenant database router (MariaDB databases)', () => {
  it('answers from the tenant\'s database, and a missing or dropped one alike with TENANT_UNKNOWN', async () => {
    await expect(router.execute(count(name), opts)).resolves.toEqual({ rows: [{ n: 2 }], truncated: false });
    const never = await router.execute(count(`${name}_never`), opts).catch((error: unknown) => error);
    await database.drop();
    const removed = await router.execute(count(name), opts).catch((error: unknown) => error);
    expect(never).toMatchObject({ code: 'TENANT_UNKNOWN' });
    expect(removed).toMatchObject({ code: 'TENANT_UNKNOWN', message: (never as Error).message });
    const [rows] = await withMysqlAdmin((connection) => connection.query('show databases like ?', [`${name}%`]));
    expect(rows).toEqual([]);
  });
});
