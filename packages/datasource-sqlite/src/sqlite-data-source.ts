/**
 * SQLite opened read-only. Queries run in a worker-thread pool (see sqlite-worker-pool.ts) so they can be
 * timed out; introspection and ping use one read-only connection on the main thread (both are instant).
 * A missing or unreadable file fails at open with an error that names it.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { CoreError, capRows, checkExecuteOptions, type CompiledQuery, type DataSource, type ExecuteOptions, type QueryResult, type TableInfo } from '@askdata/core';
import { sqliteHooks } from './sqlite-dialect';
import { introspectSqlite } from './sqlite-introspect';
import { SqliteWorkerPool } from './sqlite-worker-pool';

export interface SqliteOptions {
  /** Worker threads, i.e. queries that can run at once (default 2). */
  workers?: number;
}

export async function openSqliteDataSource(path: string, options: SqliteOptions = {}): Promise<DataSource> {
  const file = resolve(path);
  if (!existsSync(file)) throw new CoreError('DATASOURCE_UNAVAILABLE', `SQLite data file not found: ${file}`, { details: { file } });
  let main: Database.Database;
  try {
    main = new Database(file, { readonly: true, fileMustExist: true });
    main.pragma('query_only = ON');
    // Opening is lazy in SQLite: read the schema now so a corrupt file fails here, naming the file.
    const { n } = main.prepare('select count(*) as n from sqlite_master').get() as { n: number };
    // A zero-byte file is a valid empty database to SQLite; as a data source it is a mistake to name now.
    if (n === 0) throw new Error('the file holds no tables');
  } catch (error) {
    throw new CoreError('DATASOURCE_UNAVAILABLE', `Not a readable SQLite database: ${file} (${error instanceof Error ? error.message : String(error)})`, { details: { file }, cause: error });
  }
  const pool = new SqliteWorkerPool(file, options.workers ?? 2);
  const db = main;
  return {
    dialect: sqliteHooks,
    description: `sqlite:${file}`,
    async execute(query: CompiledQuery, executeOptions: ExecuteOptions): Promise<QueryResult> {
      checkExecuteOptions(executeOptions);
      const rows = await pool.run(query.sql, query.parameters, executeOptions.maxRows, executeOptions.timeoutMs);
      return capRows(rows, executeOptions.maxRows);
    },
    async introspect(): Promise<TableInfo[]> {
      return introspectSqlite(db);
    },
    async ping(): Promise<void> {
      try {
        db.prepare('select 1').get();
      } catch (error) {
        throw new CoreError('DATASOURCE_UNAVAILABLE', `SQLite data file cannot be read: ${file}`, { cause: error });
      }
    },
    async close(): Promise<void> {
      await pool.close();
      if (db.open) db.close();
    },
  };
}
