/**
 * Picks the data source adapter by URL: postgres:// or postgresql:// -> PostgreSQL; mysql:// or
 * mariadb:// -> MySQL/MariaDB; `duckdb:<path>`, a path ending in .duckdb, .csv or .parquet, or a folder ->
 * DuckDB; file: URLs, sqlite: prefixes and other plain paths -> SQLite. Every adapter opens read-only.
 * This is the one place that knows which engines exist; an engine added later is one more branch here and
 * one more adapter package.
 */
import { statSync } from 'node:fs';
import { CoreError, type DataSource } from '@askdata/core';
import { isDuckdbUrl, openDuckdbDataSource, type DuckdbOptions } from '@askdata/datasource-duckdb';
import { openMysqlDataSource, type MysqlOptions } from '@askdata/datasource-mysql';
import { openPostgresDataSource, type PostgresOptions } from '@askdata/datasource-postgres';
import { openSqliteDataSource, sqlitePath, type SqliteOptions } from '@askdata/datasource-sqlite';
import { isMysqlUrl, isPostgresUrl } from '@askdata/env';

export interface OpenDataSourceOptions {
  sqlite?: SqliteOptions;
  postgres?: PostgresOptions;
  mysql?: MysqlOptions;
  duckdb?: DuckdbOptions;
}

/** A plain path naming a folder: DuckDB reads its CSV and Parquet files, each one a table. */
const isFolder = (url: string): boolean => !/^[a-z][a-z0-9+.-]*:/i.test(url) && statSync(url, { throwIfNoEntry: false })?.isDirectory() === true;

export async function openDataSource(url: string, options: OpenDataSourceOptions = {}): Promise<DataSource> {
  const trimmed = url.trim();
  if (trimmed === '') throw new CoreError('CONFIG_INVALID', 'The data source URL is empty.');
  if (isPostgresUrl(trimmed)) return openPostgresDataSource(trimmed, options.postgres);
  if (isMysqlUrl(trimmed)) return openMysqlDataSource(trimmed, options.mysql);
  if (isDuckdbUrl(trimmed) || isFolder(trimmed)) return openDuckdbDataSource(trimmed, options.duckdb);
  return openSqliteDataSource(sqlitePath(trimmed), options.sqlite);
}
