/**
 * Every "say more" form (issue 41) on MariaDB, each tenant held to the rows of its own part of the warehouse
 * (@askdata/conformance sayMoreTenancySuite): tenancy by column, the whole warehouse in one database; and one
 * database per tenant behind the service's router. (MariaDB has no schema apart from a database, so the
 * schema strategy is PostgreSQL's.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModelFile, type DataSource, type SemanticModel } from '@askdata/core';
import { sayMoreTenancySuite } from '@askdata/conformance';
import { openSqliteDataSource } from '@askdata/datasource-sqlite';
import { copySqlite } from '../../../../test-support/copy-sqlite';
import { createSmallDemoWarehouse } from '../../../../test-support/demo-warehouse';
import { createTestMysqlDatabase, testMysqlAdminUrl, withMysqlAdmin, withMysqlDatabase } from '../../../../test-support/mysql';
import type { TestDatabase } from '../../../../test-support/postgres';
import { writeDemoModel } from '../../../../test-support/strategy-models';
import { splitWarehouse } from '../../../../test-support/tenant-warehouses';
import { openDataSource } from '../../src/open-data-source';
import { createTenantDatabaseRouter, type TenantDatabaseRouter } from '../../src/tenant-databases/tenant-database-router';

const ORGS = [1, 2, 3] as const;
const prefix = `sm${randomBytes(4).toString('hex')}`;
const template = withMysqlDatabase(testMysqlAdminUrl(), `${prefix}_org_{orgId}`).replace(encodeURIComponent('{orgId}'), '{orgId}');

let warehouse: ReturnType<typeof createSmallDemoWarehouse>;
let dir: string;
let columnModel: SemanticModel;
const parts = new Map<number, DataSource>();
let wholeDatabase: TestDatabase;
let whole: DataSource;
let router: TenantDatabaseRouter;

beforeAll(async () => {
  warehouse = createSmallDemoWarehouse(0.03);
  dir = mkdtempSync(join(tmpdir(), 'askdata-say-more-mariadb-'));
  columnModel = loadModelFile(writeDemoModel(dir, { strategy: 'column' }, 'column.yaml'));
  const split = splitWarehouse(warehouse.path, ORGS, join(dir, 'parts'));
  for (const [org, path] of split) parts.set(org, await openSqliteDataSource(path));
  wholeDatabase = await createTestMysqlDatabase('say_more_column');
  await copySqlite(warehouse.path, { engine: 'mysql', url: wholeDatabase.url });
  whole = await openDataSource(wholeDatabase.url);
  for (const org of ORGS) {
    const name = `${prefix}_org_${org}`;
    await withMysqlAdmin((connection) => connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`));
    await copySqlite(split.get(org) as string, { engine: 'mysql', url: withMysqlDatabase(testMysqlAdminUrl(), name) });
  }
  router = createTenantDatabaseRouter({ template, baseDir: dir, poolsMax: 3, idleMs: 60_000, connections: 1 });
}, 240_000);
afterAll(async () => {
  await router?.close();
  await whole?.close();
  for (const part of parts.values()) await part.close();
  await wholeDatabase?.drop();
  await withMysqlAdmin(async (connection) => {
    for (const org of ORGS) await connection.query(`DROP DATABASE IF EXISTS \`${prefix}_org_${org}\``);
  });
  warehouse?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const common = () => ({ part: (org: number) => parts.get(org) as DataSource, partModel: columnModel, orgIds: ORGS });

sayMoreTenancySuite('MariaDB, tenancy by column', () => ({ ...common(), dataSource: whole, model: columnModel }));
sayMoreTenancySuite('MariaDB, one database per tenant', () => ({ ...common(), dataSource: router, model: loadModelFile(writeDemoModel(dir, { strategy: 'database', url: template }, 'database.yaml')) }));
