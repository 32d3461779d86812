/** @askdata/datasource-sqlite: core's DataSource port on SQLite (read-only), with its dialect hooks. */
export { openSqliteDataSource, type SqliteOptions } from './sqlite-data-source';
export { sqlitePath } from './sqlite-path';
export { sqliteHooks } from './sqlite-dialect';
export { introspectSqlite } from './sqlite-introspect';
