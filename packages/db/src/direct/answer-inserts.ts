/**
 * The INSERTs that store answers (and the conversation a first answer opens), built from the same `data`
 * objects the Prisma path writes, so a column added there is written here too. Values bind as Prisma binds
 * them: Dates as the adapter's ISO text on SQLite and as the UTC wall-clock text of TIMESTAMP(3) on
 * PostgreSQL; JSON as JSON.stringify text (jsonb on PostgreSQL). A nullable JSON column left out of a
 * row's `data` is SQL NULL, also where several rows share one INSERT.
 */
import { quoteIdent, tableName, type SqlStatement, type StoreDialect } from './direct-store';

export type Row = Record<string, unknown>;

/** One answer to store: its row, and the row of the conversation it opens (a first answer). */
export interface AnswerWrite {
  conversation?: Row;
  answer: Row;
}

const JSON_COLUMNS = new Set(['context', 'payload', 'plan', 'sqlParameters', 'timings', 'meta', 'unknownTerms']);

function bindValue(dialect: StoreDialect, column: string, value: unknown, params: unknown[]): string {
  if (value === undefined || value === null) return 'NULL';
  const json = JSON_COLUMNS.has(column);
  if (dialect.kind === 'sqlite') {
    // As the Prisma adapter binds them: better-sqlite3 itself takes neither Dates nor booleans.
    params.push(json ? JSON.stringify(value) : value instanceof Date ? value.toISOString().replace('Z', '+00:00') : typeof value === 'boolean' ? Number(value) : value);
    return '?';
  }
  if (value instanceof Date) {
    params.push(value.toISOString().replace('T', ' ').replace('Z', ''));
    return `$${params.length}::timestamp(3)`;
  }
  params.push(json ? JSON.stringify(value) : value);
  return json ? `$${params.length}::jsonb` : `$${params.length}`;
}

/** One INSERT of every row, over the union of their columns in first-seen order. */
function insertSql(dialect: StoreDialect, table: string, rows: readonly Row[], params: unknown[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const tuples = rows.map((row) => `(${columns.map((column) => bindValue(dialect, column, row[column], params)).join(', ')})`);
  return `INSERT INTO ${tableName(dialect, table)} (${columns.map(quoteIdent).join(', ')}) VALUES ${tuples.join(', ')}`;
}

/**
 * SQLite: each row its own statement (the caller runs them in one transaction). PostgreSQL: one statement
 * for all of them, the conversations' INSERT as a data-modifying CTE: atomic, one round trip, one commit.
 */
export function answerWriteStatements(dialect: StoreDialect, writes: readonly AnswerWrite[]): SqlStatement[] {
  const conversations = writes.flatMap((w) => (w.conversation ? [w.conversation] : []));
  const answers = writes.map((w) => w.answer);
  if (dialect.kind === 'sqlite') {
    const statement = (table: string, row: Row): SqlStatement => {
      const params: unknown[] = [];
      return { sql: insertSql(dialect, table, [row], params), params };
    };
    return writes.flatMap((w) => [...(w.conversation ? [statement('Conversation', w.conversation)] : []), statement('Answer', w.answer)]);
  }
  const params: unknown[] = [];
  const opening = conversations.length > 0 ? `WITH c AS (${insertSql(dialect, 'Conversation', conversations, params)}) ` : '';
  return [{ sql: `${opening}${insertSql(dialect, 'Answer', answers, params)}`, params }];
}
