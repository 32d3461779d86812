/**
 * The store's hot path on the driver itself, next to Prisma: the two statements every answered question
 * runs (read the store-wide versions, write the answer). Prisma's query interpreter and transaction
 * handling cost several times the database work for these small, fixed statements (docs/benchmarks.md,
 * "Per-answer overhead"), so they go to better-sqlite3 or pg directly: prepared once, bound values, the
 * same rows and the same errors (unique violations, a locked or unreachable store) as the Prisma path.
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
