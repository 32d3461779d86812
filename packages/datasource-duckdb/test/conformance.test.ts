/**
 * The conformance suites that are not run elsewhere in this folder (execution, composite and related
 * suites run in duckdb-data-source.test.ts): golden SQL and SQL injection with this adapter's dialect
 * hooks, and tenant isolation as a property on the generated warehouse copied into a .duckdb file, with
 * owners read back through a second, plain DuckDB connection to the file, independent of core.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { DataSource } from '@askdata/core';
import { goldenSqlSuite, ownerColumn, sqlInjectionSuite, tenantIsolationSuite, type OwnerLookup, type ValuesLookup } from '@askdata/conformance';
import { createDemoWarehouseOnDuckdb, type DuckdbWarehouse } from '../../../test-support/demo-warehouse-on-duckdb';
import { duckdbHooks, openDuckdbDataSource } from '../src/index';

goldenSqlSuite(duckdbHooks);
sqlInjectionSuite(duckdbHooks);

describe('on the generated demo warehouse in DuckDB', () => {
  let warehouse: DuckdbWarehouse;
  let dataSource: DataSource;
  let instance: DuckDBInstance;
  let direct: DuckDBConnection;
  beforeAll(async () => {
    warehouse = await createDemoWarehouseOnDuckdb(0.03);
    dataSource = await openDuckdbDataSource(warehouse.path);
    instance = await DuckDBInstance.create(warehouse.path, { access_mode: 'READ_ONLY' });
    direct = await instance.connect();
  }, 120_000);
  afterAll(async () => {
    await dataSource?.close();
    direct?.closeSync();
    instance?.closeSync();
    warehouse?.cleanup();
  });

  const owners: OwnerLookup = async (table, ids) => {
    if (ids.length === 0) return new Map();
    const reader = await direct.runAndReadAll(`select id, organisation_id as org from "${table}" where id in (${ids.map((_, i) => `$${i + 1}`).join(',')})`, ids);
    return new Map(reader.getRowsJS().map(([id, org]) => [Number(id), Number(org)]));
  };
  const values: ValuesLookup = async (table, column, orgId) => {
    const reader = await direct.runAndReadAll(`select distinct "${column}" as v from "${table}" where "${ownerColumn(table)}" = $1 and "${column}" is not null`, [orgId]);
    return reader.getRowsJS().map(([v]) => String(v));
  };
  tenantIsolationSuite('duckdb', () => ({ dataSource, owners, values }));
});
