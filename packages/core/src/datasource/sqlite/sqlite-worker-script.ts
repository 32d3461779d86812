/**
 * The code each SQLite worker thread runs, as a string so it works unchanged under tsx, Jest and a
 * compiled build (a .ts worker file would need a loader in every one of them). It opens the file
 * read-only (and query_only, belt and braces), runs one statement per message and stops reading after
 * maxRows + 1 rows. It never decides anything: the pool owns timeouts and errors.
 */
export const sqliteWorkerScript = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('query_only = ON');
parentPort.on('message', (message) => {
  try {
    const statement = db.prepare(message.sql);
    if (!statement.reader) throw Object.assign(new Error('only statements that return rows may run'), { code: 'NOT_A_QUERY' });
    const rows = [];
    for (const row of statement.iterate(...message.parameters)) {
      rows.push(row);
      if (rows.length > message.maxRows) break;
    }
    parentPort.postMessage({ id: message.id, ok: true, rows });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, message: String(error && error.message), code: String((error && error.code) || '') });
  }
});
`;
