/** The data source port and its SQLite and PostgreSQL drivers. */
export type * from './data-source';
export { openDataSource, sqlitePath, type OpenDataSourceOptions } from './open-data-source';
export type { SqliteOptions } from './sqlite/sqlite-data-source';
export { describePostgresUrl, type PostgresOptions } from './postgres/postgres-data-source';
export { normaliseNativeType } from './native-type';
