/**
 * The SQL text as node-sql-parser's AST. Its PostgreSQL grammar is used for every dialect: it reads the
 * SELECT subset a plan can carry in the spelling admins write (single-quoted strings, double-quoted names)
 * and, unlike its SQLite grammar, INTERSECT and EXCEPT. Only the AST is used; nothing is ever executed.
 * The grammar's nodes are loosely typed by the library, so they are read through `SqlNode` and checked
 * field by field where they are used.
 */
import { Parser } from 'node-sql-parser/build/postgresql';
import { SqlImportError, unsupported } from './sql-import-error';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parser's AST is untyped JSON.
export type SqlNode = Record<string, any>;

export const MAX_SQL_LENGTH = 10_000;

const parser = new Parser();

/** The one SELECT statement of `sql` (a set operation hangs off it as `_next`/`set_op`). */
export function parseSelect(sql: string): SqlNode {
  if (sql.length > MAX_SQL_LENGTH) throw new SqlImportError('length', `The SQL is longer than ${MAX_SQL_LENGTH} characters.`);
  let ast: SqlNode | SqlNode[];
  try {
    ast = parser.astify(sql.trim().replace(/;\s*$/, ''), { database: 'postgresql' }) as SqlNode | SqlNode[];
  } catch (error) {
    const start = (error as { location?: { start?: { line?: number; column?: number } } }).location?.start;
    throw new SqlImportError('syntax', `The SQL could not be parsed${start?.line ? ` (line ${start.line}, column ${start.column})` : ''}.`);
  }
  const statements = Array.isArray(ast) ? ast : [ast];
  if (statements.length !== 1) throw unsupported('more than one statement');
  const [statement] = statements as [SqlNode];
  if (statement.type !== 'select') throw unsupported(String(statement.type ?? 'a statement').toUpperCase(), 'only a SELECT can be verified');
  // The importer inlines no common table expression: a CTE is refused, whatever it holds.
  if (statement.with) throw unsupported('WITH', 'a common table expression; write its query in place');
  return statement;
}
