/**
 * Picks the data source adapter by URL: postgres:// or postgresql:// -> PostgreSQL; mysql:// or
 * mariadb:// -> MySQL/MariaDB; file: URLs, sqlite: prefixes and plain paths -> SQLite. Every adapter
 * opens read-only. This is the one place that knows
 * which engines exist; an engine added later is one more branch here and one more adapter package.
 */
import { CoreError, type DataSource } from '@askdata/core';
import { openMysqlDataSource, type MysqlOptions } from '@askdata/datasource-mysql';
import { openPostgresDataSource, type PostgresOptions } from '@askdata/datasource-postgres';
import { openSqliteDataSource, sqlitePath, type SqliteOptions } from '@askdata/datasource-sqlite';
import { isMysqlUrl, isPostgresUrl } from '@askdata/env';

export interface OpenDataSourceOptions {
  sqlite?: SqliteOptions;
  postgres?: PostgresOptions;
  mysql?: MysqlOptions;
}

export async function openDataSource(url: string, options: OpenDataSourceOptions = {}): Promise<DataSource> {
  const trimmed = url.trim();
  if (trimmed === '') throw new CoreError('CONFIG_INVALID', 'The data source URL is empty.');
  if (isPostgresUrl(trimmed)) return openPostgresDataSource(trimmed, options.postgres);
  if (isMysqlUrl(trimmed)) return openMysqlDataSource(trimmed, options.mysql);
  return openSqliteDataSource(sqlitePath(trimmed), options.sqlite);
}
