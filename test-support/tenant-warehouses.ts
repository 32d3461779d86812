/**
 * Test helper: the demo warehouse cut into one part per organisation, as teams that keep each customer in
 * its own database or schema have their data. Each part is a copy of the warehouse holding only that
 * organisation's rows (the organisation_id columns stay, so tests can read back who owns a row; ids stay
 * unique across parts, so a row read from the wrong part shows another owner).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ownerColumn, type OwnerLookup, type ValuesLookup } from '@askdata/conformance';
import { introspectSqlite } from '@askdata/datasource-sqlite';

/** Copies `warehouse` once per organisation into `dir/<name(orgId)>`, keeping only that organisation's rows. */
export function splitWarehouse(warehouse: string, orgIds: readonly number[], dir: string, name: (orgId: number) => string = (orgId) => `${orgId}.sqlite`): Map<number, string> {
  mkdirSync(dir, { recursive: true });
  const parts = new Map<number, string>();
  for (const orgId of orgIds) {
    const path = join(dir, name(orgId));
    copyFileSync(warehouse, path);
    const db = new Database(path);
    // Children and parents go in any order; every row that stays points at rows of its own organisation.
    db.pragma('foreign_keys = OFF');
    try {
      for (const table of introspectSqlite(db)) {
        const owner = table.name === 'organisations' ? 'id' : table.columns.some((c) => c.name === 'organisation_id') ? 'organisation_id' : undefined;
        if (owner === undefined) throw new Error(`table ${table.name} says no owner; the split would keep every tenant's rows`);
        db.prepare(`delete from "${table.name}" where "${owner}" <> ?`).run(orgId);
      }
      db.exec('vacuum');
    } finally {
      db.close();
    }
    parts.set(orgId, path);
  }
  return parts;
}

/**
 * The isolation suite's read-back over the whole (unsplit) warehouse: who owns each row, and each
 * organisation's own values of a column. `whole` is called when the suite reads, after the test opened it.
 */
export function wholeWarehouseLookups(whole: () => Database.Database): { owners: OwnerLookup; values: ValuesLookup } {
  const owners: OwnerLookup = async (table, ids) => {
    if (ids.length === 0) return new Map();
    const rows = whole().prepare(`select id, organisation_id as org from "${table}" where id in (${ids.map(() => '?').join(',')})`).all(...ids) as { id: number; org: number }[];
    return new Map(rows.map((row) => [row.id, row.org]));
  };
  const values: ValuesLookup = async (table, column, orgId) =>
    (whole().prepare(`select distinct "${column}" as v from "${table}" where "${ownerColumn(table)}" = ? and "${column}" is not null`).all(orgId) as { v: unknown }[]).map((row) => String(row.v));
  return { owners, values };
}
