/**
 * The port through which core reads a database. Each engine is an adapter package
 * (packages/datasource-sqlite, packages/datasource-postgres, ...) that implements it with its driver,
 * its dialect hooks and its read-only guarantees; the service picks one by URL. Core sees only this.
 */
import type { DialectHooks } from '../sql/dialect-hooks';

export interface CompiledQuery {
  sql: string;
  parameters: readonly unknown[];
  /** Transaction-local state the adapter sets inside its read-only transaction before the query; made by the compiler from the ScopedPlan only. */
  session?: TenantSession;
  /**
   * Database strategy: the URL of the tenant's own database (the model's `tenancy.url` filled with the
   * caller's checked context values), made by the compiler from the ScopedPlan only. The service's tenant
   * router runs the query there and nowhere else; an adapter given one directly refuses it.
   */
  tenantDatabase?: string;
}

/**
 * Per-query tenant state for the database itself, never taken from the question or an LLM: the compiler
 * derives it from the ScopedPlan, and an adapter that uses it sets it inside the query's own transaction
 * (never on a pooled connection's session), so nothing of one tenant outlives its query.
 */
export interface TenantSession {
  /** Schema strategy (PostgreSQL): the tenant's schema, set with SET LOCAL search_path (quoted as an identifier). */
  searchPath?: string;
  /**
   * Row-level security (PostgreSQL, TENANT_RLS=on): set_config('askdata.<contextKey>', value, true) for
   * each context key that scopes a table the query reads, the value as text. Empty for a query that reads
   * only shared tables. Absent means "not from the compiler": an adapter enforcing RLS refuses the query.
   */
  settings?: Readonly<Record<string, string>>;
}

export interface ExecuteOptions {
  /** Abort (and report QUERY_TIMEOUT) after this many milliseconds. */
  timeoutMs: number;
  /** Fetch at most this many rows; `truncated` reports whether more existed. */
  maxRows: number;
  /**
   * Aborted when nobody waits for the rows any more (a streamed answer whose client went away): an adapter
   * that can cancel a running statement does, and rejects with the signal's reason. Adapters that cannot
   * let the statement run to its timeout; the pipeline drops the rows either way.
   */
  signal?: AbortSignal;
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
  /**
   * PostgreSQL with TENANT_RLS=on: checks that the role queries run as cannot bypass row-level security
   * on the model's scoped tables (not a superuser, no BYPASSRLS, owns none of them, RLS enabled with a
   * policy on each). Throws CONFIG_INVALID listing every problem, or DATASOURCE_UNAVAILABLE when the
   * database cannot be reached (the adapter then runs the check before its first query). Absent elsewhere.
   */
  checkRowLevelSecurity?(): Promise<void>;
  /** Cheap liveness probe for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
