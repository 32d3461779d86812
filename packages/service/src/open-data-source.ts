/**
 * Picks a driver by URL: postgres:// or postgresql:// -> PostgreSQL; file: URLs, sqlite: prefixes and
 * plain paths -> SQLite. Both are opened read-only.
 */
import { fileURLToPath } from 'node:url';
import { CoreError } from '../errors/core-error';
import type { DataSource } from './data-source';
import { openPostgresDataSource, type PostgresOptions } from './postgres/postgres-data-source';
import { openSqliteDataSource, type SqliteOptions } from './sqlite/sqlite-data-source';

export interface OpenDataSourceOptions {
  sqlite?: SqliteOptions;
  postgres?: PostgresOptions;
}

export async function openDataSource(url: string, options: OpenDataSourceOptions = {}): Promise<DataSource> {
  const trimmed = url.trim();
  if (trimmed === '') throw new CoreError('CONFIG_INVALID', 'The data source URL is empty.');
  if (/^postgres(ql)?:\/\//i.test(trimmed)) return openPostgresDataSource(trimmed, options.postgres);
  return openSqliteDataSource(sqlitePath(trimmed), options.sqlite);
}

/** `file:///abs/x.db`, `file:./x.db`, `sqlite:./x.db` or a plain path; any `?query` is ignored. */
export function sqlitePath(url: string): string {
  if (/^file:\/\//i.test(url)) {
    try {
      return fileURLToPath(url.split('?')[0] ?? url);
    } catch (error) {
      throw new CoreError('CONFIG_INVALID', `Not a valid file URL: ${url}`, { cause: error });
    }
  }
  const withoutScheme = url.replace(/^(file|sqlite):/i, '');
  return withoutScheme.split('?')[0] ?? withoutScheme;
}
