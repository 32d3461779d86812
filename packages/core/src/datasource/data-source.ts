/**
 * The port through which core reads a database. Each engine is an adapter package
 * (packages/datasource-sqlite, packages/datasource-postgres, ...) that implements it with its driver,
 * its dialect hooks and its read-only guarantees; the service picks one by URL. Core sees only this.
 */
import type { DialectHooks } from '../sql/dialect-hooks';

export interface CompiledQuery {
  sql: string;
  parameters: readonly unknown[];
}

export interface ExecuteOptions {
  /** Abort (and report QUERY_TIMEOUT) after this many milliseconds. */
  timeoutMs: number;
  /** Fetch at most this many rows; `truncated` reports whether more existed. */
  maxRows: number;
}

export interface QueryResult {
  rows: Record<string, unknown>[];
  truncated: boolean;
  /** Set by the result cache (cached-data-source.ts) when no query ran: the rows were kept from an earlier one. */
  cached?: boolean;
}

export interface ColumnInfo {
  name: string;
  /** Normalised type family. */
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'unknown';
  nativeType: string;
  nullable: boolean;
  primaryKey: boolean;
  /** A single-column unique constraint or index holds on it (a key other tables may point at). */
  unique?: boolean;
  /** The database's own description of the column (PostgreSQL `COMMENT ON COLUMN`). */
  comment?: string;
}

export interface ForeignKeyInfo {
  column: string;
  referencedTable: string;
  referencedColumn: string;
}

export interface TableInfo {
  name: string;
  schema?: string;
  columns: ColumnInfo[];
  foreignKeys: ForeignKeyInfo[];
  rowCountEstimate?: number;
  /** The database's own description of the table (PostgreSQL `COMMENT ON TABLE`). */
  comment?: string;
}

export interface DataSource {
  /** How SQL is written for this engine; the compiler takes it as is. */
  readonly dialect: DialectHooks;
  /** A description safe to log (no password). */
  readonly description: string;
  /** Runs one read-only SELECT with bound parameters. */
  execute(query: CompiledQuery, options: ExecuteOptions): Promise<QueryResult>;
  introspect(): Promise<TableInfo[]>;
  /**
   * What the connection's role could do beyond reading (superuser, write or create privileges), as
   * sentences for a start-up warning; absent where it does not apply (SQLite is opened read-only).
   */
  privilegeWarnings?(): Promise<string[]>;
  /** Cheap liveness probe for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
