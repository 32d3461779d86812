/** The DuckDB adapter as the conformance harness runs it: the demo warehouse copied into a .duckdb file per test file, read back through a second, plain read-only DuckDB connection. */
import { DuckDBInstance } from '@duckdb/node-api';
import { ownerColumn, type AdapterUnderTest } from '@askdata/conformance';
import { createDemoWarehouseOnDuckdb } from '../../../test-support/demo-warehouse-on-duckdb';
import { duckdbHooks, openDuckdbDataSource } from '../src/index';

export const duckdbUnderTest: AdapterUnderTest = {
  engine: 'duckdb',
  label: 'DuckDB',
  hooks: duckdbHooks,
  createWarehouse: async (_name, scale) => {
    const warehouse = await createDemoWarehouseOnDuckdb(scale);
    return { location: warehouse.path, remove: () => warehouse.cleanup() };
  },
  openDataSource: (path) => openDuckdbDataSource(`duckdb:${path}`),
  readDirectly: async (path) => {
    const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
    const direct = await instance.connect();
    return {
      owners: async (table, ids) => {
        if (ids.length === 0) return new Map();
        const reader = await direct.runAndReadAll(`select id, organisation_id as org from "${table}" where id in (${ids.map((_, i) => `$${i + 1}`).join(',')})`, ids);
        return new Map(reader.getRowsJS().map(([id, org]) => [Number(id), Number(org)]));
      },
      values: async (table, column, orgId) => {
        const reader = await direct.runAndReadAll(`select distinct "${column}" as v from "${table}" where "${ownerColumn(table)}" = $1 and "${column}" is not null`, [orgId]);
        return reader.getRowsJS().map(([v]) => String(v));
      },
      close: () => {
        direct.closeSync();
        instance.closeSync();
      },
    };
  },
};
