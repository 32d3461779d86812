/** What each held-out database module provides: its DDL and the rows it inserts. */
import type Database from 'better-sqlite3';

export type CellValue = string | number | null;

export interface HeldoutDatabase {
  name: string;
  /** CREATE TABLE statements, in dependency order. */
  schema: string;
  fill(db: Database.Database): void;
}

/** Inserts rows positionally into the listed columns with one prepared statement. */
export function insertRows(db: Database.Database, table: string, columns: readonly string[], rows: readonly (readonly CellValue[])[]): void {
  const statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  for (const row of rows) {
    if (row.length !== columns.length) throw new Error(`${table}: row ${JSON.stringify(row)} has ${row.length} values for ${columns.length} columns`);
    statement.run(...row);
  }
}
