/**
 * @askdata/datasource-sqlite/without-driver: what the service needs before it opens anything (how SQL is
 * written for SQLite, and the file a URL names), without better-sqlite3. The router of data sources
 * imports this eagerly and the adapter itself only when a URL names SQLite, so a process pays for the
 * drivers it uses.
 */
export { sqliteHooks } from './sqlite-dialect';
export { sqlitePath } from './sqlite-path';
