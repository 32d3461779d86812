/** The SQLite adapter as the conformance harness runs it: a generated demo warehouse file per test file, read back with better-sqlite3. */
import Database from 'better-sqlite3';
import { ownerColumn, type AdapterUnderTest } from '@askdata/conformance';
import { createSmallDemoWarehouse } from '../../../test-support/demo-warehouse';
import { openSqliteDataSource, sqliteHooks } from '../src/index';

export const sqliteUnderTest: AdapterUnderTest = {
  engine: 'sqlite',
  label: 'SQLite',
  hooks: sqliteHooks,
  createWarehouse: async (_name, scale) => {
    const warehouse = createSmallDemoWarehouse(scale);
    return { location: warehouse.path, remove: () => warehouse.cleanup() };
  },
  openDataSource: (path) => openSqliteDataSource(path),
  readDirectly: async (path) => {
    const direct = new Database(path, { readonly: true });
    return {
      owners: async (table, ids) => {
        if (ids.length === 0) return new Map();
        const rows = direct.prepare(`select id, organisation_id as org from "${table}" where id in (${ids.map(() => '?').join(',')})`).all(...ids) as { id: number; org: number }[];
        return new Map(rows.map((row) => [row.id, row.org]));
      },
      values: async (table, column, orgId) =>
        (direct.prepare(`select distinct "${column}" as v from "${table}" where "${ownerColumn(table)}" = ? and "${column}" is not null`).all(orgId) as { v: unknown }[]).map((row) => String(row.v)),
      close: () => void direct.close(),
    };
  },
};
