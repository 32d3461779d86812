/**
 * The conformance suites that are not run elsewhere in this folder (execution and composite suites run in
 * sqlite-data-source.test.ts and composite-execution.test.ts): golden SQL and SQL injection with this
 * adapter's dialect hooks, and tenant isolation as a property on a real generated warehouse, with owners
 * and each tenant's values read back through better-sqlite3 directly, independent of core.
 */
import Database from 'better-sqlite3';
import type { DataSource } from '@askdata/core';
import { goldenSqlSuite, ownerColumn, sqlInjectionSuite, tenantIsolationSuite, type OwnerLookup, type ValuesLookup } from '@askdata/conformance';
import { createSmallDemoWarehouse } from '../../../test-support/demo-warehouse';
import { openSqliteDataSource, sqliteHooks } from '../src/index';

goldenSqlSuite(sqliteHooks);
sqlInjectionSuite(sqliteHooks);

describe('on a generated demo warehouse', () => {
  let warehouse: ReturnType<typeof createSmallDemoWarehouse>;
  let dataSource: DataSource;
  let direct: Database.Database;
  beforeAll(async () => {
    warehouse = createSmallDemoWarehouse(0.03);
    dataSource = await openSqliteDataSource(warehouse.path);
    direct = new Database(warehouse.path, { readonly: true });
  });
  afterAll(async () => {
    await dataSource?.close();
    direct?.close();
    warehouse?.cleanup();
  });

  const owners: OwnerLookup = async (table, ids) => {
    if (ids.length === 0) return new Map();
    const rows = direct.prepare(`select id, organisation_id as org from "${table}" where id in (${ids.map(() => '?').join(',')})`).all(...ids) as { id: number; org: number }[];
    return new Map(rows.map((row) => [row.id, row.org]));
  };
  const values: ValuesLookup = async (table, column, orgId) =>
    (direct.prepare(`select distinct "${column}" as v from "${table}" where "${ownerColumn(table)}" = ? and "${column}" is not null`).all(orgId) as { v: unknown }[]).map((row) => String(row.v));
  tenantIsolationSuite('sqlite', () => ({ dataSource, owners, values }));
});
