/** @askdata/datasource-duckdb: core's DataSource port on DuckDB (.duckdb, CSV, Parquet, folders; read-only), with its dialect hooks. */
export { openDuckdbDataSource, type DuckdbOptions } from './duckdb-data-source';
export { duckdbHooks } from './duckdb-dialect';
export { isDuckdbUrl, duckdbPath } from './duckdb-source';
