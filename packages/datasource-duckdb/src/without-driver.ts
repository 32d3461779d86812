/**
 * @askdata/datasource-duckdb/without-driver: how SQL is written for DuckDB and which URLs are DuckDB's,
 * without @duckdb/node-api (its native binding takes about a tenth of a second to load). The router of
 * data sources imports this eagerly and the adapter only when a URL names DuckDB.
 */
export { duckdbHooks } from './duckdb-dialect';
export { duckdbPath, isDuckdbUrl } from './duckdb-source';
