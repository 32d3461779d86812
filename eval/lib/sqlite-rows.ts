/** Runs one query on a SQLite file and returns rows as arrays (column names do not matter to the comparison). */
import Database from 'better-sqlite3';

type Bindable = string | number | bigint | Buffer | null;

function toBindable(value: unknown): Bindable {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || Buffer.isBuffer(value)) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

export class ReadOnlySqlite {
  private readonly db: Database.Database;

  constructor(path: string) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
  }

  rows(sql: string, parameters: readonly unknown[] = []): unknown[][] {
    const statement = this.db.prepare(sql);
    if (!statement.reader) throw new Error(`not a query: ${sql.slice(0, 80)}`);
    return statement.raw(true).all(...parameters.map(toBindable)) as unknown[][];
  }

  close(): void {
    this.db.close();
  }
}
