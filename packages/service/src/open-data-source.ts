/**
 * Picks the data source adapter by URL: postgres:// or postgresql:// -> PostgreSQL; mysql:// or
 * mariadb:// -> MySQL/MariaDB; `duckdb:<path>`, a path ending in .duckdb, .csv or .parquet, or a folder ->
 * DuckDB; file: URLs, sqlite: prefixes and other plain paths -> SQLite. Every adapter opens read-only.
 * This is the one place that knows which engines exist; an engine added later is one more branch here and
 * one more adapter package. Each adapter, with its driver, is loaded only when a URL names its engine
 * (the drivers take 0.05-0.1 s each to load, which every one-question CLI run paid for all four); what
 * is needed before opening comes from each package's driver-free `without-driver` entry. The tenant router (tenant-databases/) asks it the engine of a URL, its
 * dialect, the file a file-based URL names, and how to open a tenant's source with its connection limit.
 */
import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { CoreError, type DataSource, type DialectHooks } from '@askdata/core';
import type { DuckdbOptions } from '@askdata/datasource-duckdb';
import { duckdbHooks, isDuckdbUrl } from '@askdata/datasource-duckdb/without-driver';
import type { MysqlOptions } from '@askdata/datasource-mysql';
import { mysqlHooks } from '@askdata/datasource-mysql/without-driver';
import type { PostgresOptions } from '@askdata/datasource-postgres';
import { postgresHooks } from '@askdata/datasource-postgres/without-driver';
import type { SqliteOptions } from '@askdata/datasource-sqlite';
import { sqliteHooks, sqlitePath } from '@askdata/datasource-sqlite/without-driver';
import { isMysqlUrl, isPostgresUrl } from '@askdata/env';

export interface OpenDataSourceOptions {
  sqlite?: SqliteOptions;
  postgres?: PostgresOptions;
  mysql?: MysqlOptions;
  duckdb?: DuckdbOptions;
}

export type Engine = 'postgres' | 'mysql' | 'duckdb' | 'sqlite';

/** A plain path naming a folder: DuckDB reads its CSV and Parquet files, each one a table. */
const isFolder = (url: string): boolean => !/^[a-z][a-z0-9+.-]*:/i.test(url) && statSync(url, { throwIfNoEntry: false })?.isDirectory() === true;

export function engineOf(url: string): Engine {
  const trimmed = url.trim();
  if (isPostgresUrl(trimmed)) return 'postgres';
  if (isMysqlUrl(trimmed)) return 'mysql';
  if (isDuckdbUrl(trimmed) || isFolder(trimmed)) return 'duckdb';
  return 'sqlite';
}

const dialects: Record<Engine, DialectHooks> = { postgres: postgresHooks, mysql: mysqlHooks, duckdb: duckdbHooks, sqlite: sqliteHooks };

/** How SQL is written for the engine a URL names, without opening anything. */
export function dialectOf(url: string): DialectHooks {
  return dialects[engineOf(url)];
}

/** The file or folder a SQLite or DuckDB URL names (relative to the working directory), or undefined for a server. */
export function localPathOf(url: string): string | undefined {
  const trimmed = url.trim();
  switch (engineOf(trimmed)) {
    case 'sqlite':
      return resolve(sqlitePath(trimmed));
    case 'duckdb':
      return resolve(trimmed.replace(/^duckdb:/i, ''));
    default:
      return undefined;
  }
}

/**
 * A file-based URL whose path is relative, made absolute against `baseDir` (a model's folder), in the
 * same form (`file:`, `sqlite:`, `duckdb:` or a plain path); server URLs and absolute paths are unchanged.
 */
export function rebaseUrl(url: string, baseDir: string): string {
  const trimmed = url.trim();
  if (engineOf(trimmed) === 'postgres' || engineOf(trimmed) === 'mysql' || /^file:\/\//i.test(trimmed)) return trimmed;
  const [, scheme = '', path = ''] = /^((?:file|sqlite|duckdb):)?(.*)$/is.exec(trimmed) ?? [];
  return isAbsolute(path) ? trimmed : `${scheme}${resolve(baseDir, path)}`;
}

/**
 * One connection limit in each engine's terms: pool size, DuckDB connections, SQLite worker processes. For
 * the tenant router, which opens a source per tenant database: a SQLite worker starts at a tenant's first
 * query, not when the router opens it.
 */
export function connectionLimit(connections: number): OpenDataSourceOptions {
  return { sqlite: { workers: connections, prestartWorker: false }, postgres: { maxConnections: connections }, mysql: { maxConnections: connections }, duckdb: { connections } };
}

export async function openDataSource(url: string, options: OpenDataSourceOptions = {}): Promise<DataSource> {
  const trimmed = url.trim();
  if (trimmed === '') throw new CoreError('CONFIG_INVALID', 'The data source URL is empty.');
  switch (engineOf(trimmed)) {
    case 'postgres':
      return (await import('@askdata/datasource-postgres')).openPostgresDataSource(trimmed, options.postgres);
    case 'mysql':
      return (await import('@askdata/datasource-mysql')).openMysqlDataSource(trimmed, options.mysql);
    case 'duckdb':
      return (await import('@askdata/datasource-duckdb')).openDuckdbDataSource(trimmed, options.duckdb);
    case 'sqlite':
      return (await import('@askdata/datasource-sqlite')).openSqliteDataSource(sqlitePath(trimmed), options.sqlite);
  }
}
