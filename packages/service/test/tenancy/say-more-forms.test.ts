/**
 * Every "say more" form (issue 41) on SQLite and DuckDB, each tenant held to the rows of its own part of the
 * warehouse (@askdata/conformance sayMoreTenancySuite says why that oracle catches a subquery that forgot
 * a tenant): SQLite with tenancy by column, SQLite with one database file per tenant behind the service's
 * router, and DuckDB with tenancy by column. PostgreSQL (column, schema, database, row-level security) and
 * MariaDB (column, database) run it in the .pg and .mariadb files beside this one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModelFile, type DataSource, type SemanticModel } from '@askdata/core';
import { sayMoreTenancySuite } from '@askdata/conformance';
import { openSqliteDataSource } from '@askdata/datasource-sqlite';
import { copySqlite } from '../../../../test-support/copy-sqlite';
import { createSmallDemoWarehouse } from '../../../../test-support/demo-warehouse';
import { writeDemoModel } from '../../../../test-support/strategy-models';
import { splitWarehouse } from '../../../../test-support/tenant-warehouses';
import { openDataSource } from '../../src/open-data-source';
import { createTenantDatabaseRouter, type TenantDatabaseRouter } from '../../src/tenant-databases/tenant-database-router';

const ORGS = [1, 2, 3] as const;
const template = 'file:./tenants/{orgId}.sqlite';

let warehouse: ReturnType<typeof createSmallDemoWarehouse>;
let dir: string;
let columnModel: SemanticModel;
let whole: DataSource;
let duckdb: DataSource;
let router: TenantDatabaseRouter;
const parts = new Map<number, DataSource>();

beforeAll(async () => {
  warehouse = createSmallDemoWarehouse(0.03);
  dir = mkdtempSync(join(tmpdir(), 'askdata-say-more-'));
  columnModel = loadModelFile(writeDemoModel(dir, { strategy: 'column' }, 'column.yaml'));
  for (const [org, path] of splitWarehouse(warehouse.path, ORGS, join(dir, 'tenants'))) parts.set(org, await openSqliteDataSource(path));
  whole = await openSqliteDataSource(warehouse.path);
  const duckdbPath = join(dir, 'whole.duckdb');
  await copySqlite(warehouse.path, { engine: 'duckdb', path: duckdbPath, foreignKeys: false });
  duckdb = await openDataSource(duckdbPath);
  router = createTenantDatabaseRouter({ template, baseDir: dir, poolsMax: 3, idleMs: 60_000, connections: 1 });
}, 120_000);
afterAll(async () => {
  await router?.close();
  await duckdb?.close();
  await whole?.close();
  for (const part of parts.values()) await part.close();
  warehouse?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const common = () => ({ part: (org: number) => parts.get(org) as DataSource, partModel: columnModel, orgIds: ORGS });

sayMoreTenancySuite('SQLite, tenancy by column', () => ({ ...common(), dataSource: whole, model: columnModel }));
sayMoreTenancySuite('SQLite, one database file per tenant', () => ({ ...common(), dataSource: router, model: loadModelFile(writeDemoModel(dir, { strategy: 'database', url: template }, 'database.yaml')) }));
sayMoreTenancySuite('DuckDB, tenancy by column', () => ({ ...common(), dataSource: duckdb, model: columnModel }));
