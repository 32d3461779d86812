/**
 * The store's hot path on the driver itself, next to Prisma: the two statements every answered question
 * runs (read the store-wide versions, write the answer). Prisma's query interpreter and transaction
 * handling cost several times the database work for these small, fixed statements (docs/benchmarks.md,
 * "Per-answer overhead"), so they go to better-sqlite3 or pg directly: prepared once, bound values, the
 * same rows and the same errors (unique violations, a locked or unreachable store) as the Prisma path.
 * Also the few reads Prisma's query API cannot say without reading far more than it returns (sizes of
 * stored answers, one first question per conversation, the newest feedback per answer: issue 25).
 * Every other query stays on Prisma.
 */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/** Which SQL the direct statements speak: placeholders, casts and the schema of the tables. */
export type StoreDialect = { kind: 'sqlite' } | { kind: 'postgres'; schema: string };

export interface DirectStore {
  readonly dialect: StoreDialect;
  /** The first row of a read, or undefined. */
  queryOne<T extends object>(statement: SqlStatement & { name: string }): Promise<T | undefined>;
  /** Every row of a read (a bounded one: the caller limits it). */
  queryAll<T extends object>(statement: SqlStatement): Promise<T[]>;
  /** The statements in one transaction; resolves once it committed. */
  write(statements: readonly SqlStatement[]): Promise<void>;
  close(): Promise<void>;
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** A table name as this dialect addresses it (schema-qualified on PostgreSQL). */
export function tableName(dialect: StoreDialect, table: string): string {
  return dialect.kind === 'postgres' ? `${quoteIdent(dialect.schema)}.${quoteIdent(table)}` : quoteIdent(table);
}

export { quoteIdent };

/**
 * `column` is one of a list of strings bound as ONE parameter (the `position`th): a JSON array on SQLite,
 * a text[] on PostgreSQL. One statement text whatever the list's length, so it is prepared once.
 */
export function inStringList(dialect: StoreDialect, column: string, position: number): string {
  return dialect.kind === 'postgres' ? `${column} = ANY($${position}::text[])` : `${column} IN (SELECT value FROM json_each(?))`;
}

/** The list bound for inStringList. */
export function stringListParam(dialect: StoreDialect, values: readonly string[]): unknown {
  return dialect.kind === 'postgres' ? [...values] : JSON.stringify(values);
}
