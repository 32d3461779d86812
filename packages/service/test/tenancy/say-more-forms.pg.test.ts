/**
 * Every "say more" form (issue 41) on PostgreSQL under each way it keeps tenants apart, each tenant held to
 * the rows of its own part of the warehouse (@askdata/conformance sayMoreTenancySuite):
 * - tenancy by column, the whole warehouse in one database;
 * - one schema per tenant, with the whole warehouse in public as a trap (a query on the default search path
 *   would read every tenant's rows);
 * - one database per tenant behind the service's router;
 * - row-level security alone: the compiler leaves every tenant predicate out (the tests-only option), so
 *   only the policies keep each subquery, window and inner grouped query to the caller's rows.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModelFile, type DataSource, type SemanticModel } from '@askdata/core';
import { sayMoreTenancySuite } from '@askdata/conformance';
import { openPostgresDataSource, scopedTablesOf } from '@askdata/datasource-postgres';
import { openSqliteDataSource } from '@askdata/datasource-sqlite';
import { copySqlite } from '../../../../test-support/copy-sqlite';
import { createSmallDemoWarehouse } from '../../../../test-support/demo-warehouse';
import { createNamedTestDatabase, createTestDatabase, testPostgresAdminUrl, type TestDatabase } from '../../../../test-support/postgres';
import { writeDemoModel } from '../../../../test-support/strategy-models';
import { createTenantRlsRoles, type TenantRlsRoles } from '../../../../test-support/tenant-rls-roles';
import { splitWarehouse } from '../../../../test-support/tenant-warehouses';
import { openDataSource } from '../../src/open-data-source';
import { createTenantDatabaseRouter, type TenantDatabaseRouter } from '../../src/tenant-databases/tenant-database-router';

const ORGS = [1, 2, 3] as const;
const prefix = `sm${randomBytes(4).toString('hex')}`;
const urlOf = (database: string): string => Object.assign(new URL(testPostgresAdminUrl()), { pathname: `/${database}` }).toString();
const template = urlOf(`${prefix}_org_{orgId}`).replace(encodeURIComponent('{orgId}'), '{orgId}');

let warehouse: ReturnType<typeof createSmallDemoWarehouse>;
let dir: string;
let columnModel: SemanticModel;
const parts = new Map<number, DataSource>();
const databases: TestDatabase[] = [];
let wholeDatabase: TestDatabase;
let schemaDatabase: TestDatabase;
let rlsDatabase: TestDatabase;
let roles: TenantRlsRoles;
let whole: DataSource;
let schemas: DataSource;
let rls: DataSource;
let router: TenantDatabaseRouter;

beforeAll(async () => {
  warehouse = createSmallDemoWarehouse(0.03);
  dir = mkdtempSync(join(tmpdir(), 'askdata-say-more-pg-'));
  columnModel = loadModelFile(writeDemoModel(dir, { strategy: 'column' }, 'column.yaml'));
  const split = splitWarehouse(warehouse.path, ORGS, join(dir, 'parts'));
  for (const [org, path] of split) parts.set(org, await openSqliteDataSource(path));
  wholeDatabase = await createTestDatabase('say_more_column');
  await copySqlite(warehouse.path, { engine: 'postgres', url: wholeDatabase.url });
  whole = await openDataSource(wholeDatabase.url);
  schemaDatabase = await createTestDatabase('say_more_schema');
  await copySqlite(warehouse.path, { engine: 'postgres', url: schemaDatabase.url });
  for (const org of ORGS) await copySqlite(split.get(org) as string, { engine: 'postgres', url: schemaDatabase.url, schema: `tenant_${org}` });
  schemas = await openDataSource(schemaDatabase.url);
  for (const org of ORGS) {
    const database = await createNamedTestDatabase(`${prefix}_org_${org}`);
    databases.push(database);
    await copySqlite(split.get(org) as string, { engine: 'postgres', url: database.url });
  }
  router = createTenantDatabaseRouter({ template, baseDir: dir, poolsMax: 3, idleMs: 60_000, connections: 1 });
  rlsDatabase = await createTestDatabase('say_more_rls');
  await copySqlite(warehouse.path, { engine: 'postgres', url: rlsDatabase.url });
  roles = await createTenantRlsRoles(rlsDatabase, columnModel);
  rls = await openPostgresDataSource(roles.loginUrl, { maxConnections: 1, tenantRls: { role: roles.role, scopedTables: scopedTablesOf(columnModel) } });
}, 240_000);
afterAll(async () => {
  await rls?.close();
  await router?.close();
  await schemas?.close();
  await whole?.close();
  for (const part of parts.values()) await part.close();
  for (const database of [...databases, wholeDatabase, schemaDatabase, rlsDatabase]) await database?.drop();
  await roles?.dropRoles();
  warehouse?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const common = () => ({ part: (org: number) => parts.get(org) as DataSource, partModel: columnModel, orgIds: ORGS });

sayMoreTenancySuite('PostgreSQL, tenancy by column', () => ({ ...common(), dataSource: whole, model: columnModel }));
sayMoreTenancySuite('PostgreSQL, one schema per tenant', () => ({ ...common(), dataSource: schemas, model: loadModelFile(writeDemoModel(dir, { strategy: 'schema', schema: 'tenant_{orgId}' }, 'schema.yaml')) }));
sayMoreTenancySuite('PostgreSQL, one database per tenant', () => ({ ...common(), dataSource: router, model: loadModelFile(writeDemoModel(dir, { strategy: 'database', url: template }, 'database.yaml')) }));
sayMoreTenancySuite('PostgreSQL, row-level security alone (no tenant predicate in the SQL)', () => ({
  ...common(),
  dataSource: rls,
  model: columnModel,
  compileOptions: { unsafeSkipTenantPredicateForTests: true },
}));
