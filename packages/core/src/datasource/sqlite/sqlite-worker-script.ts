/**
 * The code each SQLite worker process runs (`node -e`), as a string so it works unchanged under tsx, Jest
 * and a compiled build. It opens the file read-only (and query_only, belt and braces), runs one statement
 * per message and stops reading after maxRows + 1 rows. It exits when its parent goes away. It never decides
 * anything: the pool owns timeouts and error mapping.
 */
export const sqliteWorkerScript = `
const Database = require(process.env.ASKDATA_SQLITE_DRIVER);
const db = new Database(process.env.ASKDATA_SQLITE_FILE, { readonly: true, fileMustExist: true });
db.pragma('query_only = ON');
process.on('disconnect', () => process.exit(0));
process.on('message', (message) => {
  try {
    const statement = db.prepare(message.sql);
    if (!statement.reader) throw Object.assign(new Error('only statements that return rows may run'), { code: 'NOT_A_QUERY' });
    const rows = [];
    for (const row of statement.iterate(...message.parameters)) {
      rows.push(row);
      if (rows.length > message.maxRows) break;
    }
    process.send({ id: message.id, ok: true, rows });
  } catch (error) {
    process.send({ id: message.id, ok: false, message: String(error && error.message), code: String((error && error.code) || '') });
  }
});
`;
