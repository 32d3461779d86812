/**
 * The port through which core reads a database. Concrete drivers (better-sqlite3, pg) live in
 * datasource/dialects and are chosen by URL in `openDataSource`; the rest of core sees only this.
 */
export type SqlDialect = 'sqlite' | 'postgres';

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
}

export interface ColumnInfo {
  name: string;
  /** Normalised type family. */
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'unknown';
  nativeType: string;
  nullable: boolean;
  primaryKey: boolean;
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
}

export interface DataSource {
  readonly dialect: SqlDialect;
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
