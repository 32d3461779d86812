/**
 * SQLite opened read-only. Queries run in a worker-thread pool (see sqlite-worker-pool.ts) so they can be
 * timed out; introspection and ping use one read-only connection on the main thread (both are instant).
 * A missing or unreadable file fails at open with an error that names it.
 *
 * The file can change under a running service. Before every query and probe the path is checked: a
 * deleted file is DATASOURCE_UNAVAILABLE (open connections would otherwise keep reading the unlinked
 * file while new workers fail), and a file replaced by a rename (another inode) makes every connection
 * reopen the new file. A file emptied or rewritten in place is seen by the open connections themselves
 * ("no such table" is then reported as unavailable, see sqlite-worker-pool.ts).
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { CoreError, capRows, checkExecuteOptions, refuseTenantTarget, type CompiledQuery, type DataSource, type ExecuteOptions, type QueryResult, type TableInfo } from '@askdata/core';
import { sqliteHooks } from './sqlite-dialect';
import { introspectSqlite } from './sqlite-introspect';
import { SqliteWorkerPool } from './sqlite-worker-pool';

export interface SqliteOptions {
  /** Worker processes, i.e. queries that can run at once (default 2). */
  workers?: number;
  /**
   * Start one worker at open instead of at the first query (default true). The tenant router opens one
   * source per tenant database and turns this off, so idle tenants cost no process.
   */
  prestartWorker?: boolean;
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
  if (options.prestartWorker ?? true) pool.prestart();
  let db = main;
  let identity = fileIdentity(file);

  /** Throws when the file is gone; follows a replacement (new inode) by reopening every connection. */
  function checkFile(): void {
    const now = fileIdentity(file);
    if (now === undefined) throw new CoreError('DATASOURCE_UNAVAILABLE', `SQLite data file is gone: ${file}`, { details: { file } });
    if (now === identity) return;
    identity = now;
    pool.recycle();
    try {
      const reopened = new Database(file, { readonly: true, fileMustExist: true });
      reopened.pragma('query_only = ON');
      if (db.open) db.close();
      db = reopened;
    } catch (error) {
      throw new CoreError('DATASOURCE_UNAVAILABLE', `SQLite data file cannot be opened: ${file}`, { cause: error });
    }
  }

  return {
    dialect: sqliteHooks,
    description: `sqlite:${file}`,
    async execute(query: CompiledQuery, executeOptions: ExecuteOptions): Promise<QueryResult> {
      checkExecuteOptions(executeOptions);
      refuseTenantTarget(query, 'SQLite', { session: false });
      checkFile();
      const rows = await pool.run(query.sql, query.parameters, executeOptions.maxRows, executeOptions.timeoutMs, executeOptions.signal);
      return capRows(rows, executeOptions.maxRows);
    },
    async introspect(): Promise<TableInfo[]> {
      return introspectSqlite(db);
    },
    async ping(): Promise<void> {
      checkFile();
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

/** Device and inode of the file at `path` ("dev:ino"), or undefined when there is none. */
function fileIdentity(path: string): string | undefined {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat === undefined ? undefined : `${stat.dev}:${stat.ino}`;
}
