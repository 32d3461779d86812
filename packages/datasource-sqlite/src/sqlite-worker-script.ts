/**
 * The code each SQLite worker process runs (`node -e`), as a string so it works unchanged under tsx, Jest
 * and a compiled build. It opens the file read-only (and query_only, belt and braces), runs one statement
 * per message and stops reading after maxRows + 1 rows. It exits when its parent goes away. It never decides
 * anything: the pool owns timeouts and error mapping.
 *
 * Two things keep the IPC cheap (measured by `npm run bench`): statements are prepared once per distinct
 * SQL text (a small bounded cache: the compiler emits few shapes, with values always bound as parameters),
 * and rows travel as arrays with the column names sent once, instead of one object per row repeating every
 * key through the structured-clone serialiser. The pool turns them back into objects.
 */
export const SQLITE_STATEMENT_CACHE_SIZE = 256;

export const sqliteWorkerScript = `
const Database = require(process.env.ASKDATA_SQLITE_DRIVER);
const db = new Database(process.env.ASKDATA_SQLITE_FILE, { readonly: true, fileMustExist: true });
db.pragma('query_only = ON');
const statements = new Map();
function statementFor(sql) {
  let statement = statements.get(sql);
  if (statement) {
    statements.delete(sql); // re-inserted below: the Map's order is least recently used first
  } else {
    statement = db.prepare(sql);
    if (!statement.reader) throw Object.assign(new Error('only statements that return rows may run'), { code: 'NOT_A_QUERY' });
    statement.raw(true);
    if (statements.size >= ${SQLITE_STATEMENT_CACHE_SIZE}) statements.delete(statements.keys().next().value);
  }
  statements.set(sql, statement);
  return statement;
}
process.on('disconnect', () => process.exit(0));
process.on('message', (message) => {
  try {
    const statement = statementFor(message.sql);
    const rows = [];
    for (const row of statement.iterate(...message.parameters)) {
      rows.push(row);
      if (rows.length > message.maxRows) break;
    }
    const columns = statement.columns().map((column) => column.name);
    process.send({ id: message.id, ok: true, columns, rows });
  } catch (error) {
    process.send({ id: message.id, ok: false, message: String(error && error.message), code: String((error && error.code) || '') });
  }
});
`;
