/**
 * The hot path on the SQLite store file: its own better-sqlite3 connection (WAL allows it beside Prisma's),
 * with the same busy timeout and synchronous=NORMAL as the Prisma connection (the pragma is per
 * connection), and a bounded cache of prepared statements. better-sqlite3 is synchronous: a write holds
 * the event loop for its commit, a few tens of microseconds in WAL with synchronous=NORMAL, which is
 * less than handing it to Prisma costs.
 */
import Database from 'better-sqlite3';
import { SQLITE_BUSY_TIMEOUT_MS } from '../sqlite-settings';
import type { DirectStore, SqlStatement } from './direct-store';

/**
 * The driver's error as an Error of this module's realm, with its message and code. better-sqlite3's
 * native part keeps the error class of whichever module instance loaded it first, so under a test
 * runner with one module registry per file its errors can fail `instanceof Error` elsewhere, and the
 * store's checks (a unique violation, a locked store) read the message through that test.
 */
function rethrown<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof Error || typeof error !== 'object' || error === null) throw error;
    const { message, code } = error as { message?: unknown; code?: unknown };
    throw Object.assign(new Error(String(message), { cause: error }), { code });
  }
}

/** Distinct statement texts kept prepared; the writes have a handful of shapes (which nullable columns are set). */
const MAX_STATEMENTS = 64;

export function openSqliteDirect(file: string): DirectStore {
  const db = new Database(file, { fileMustExist: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
  db.pragma('synchronous = NORMAL');
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
      statements.set(sql, statement);
    }
    return statement;
  };
  // IMMEDIATE: take the write lock at BEGIN, so a busy store fails before any statement ran.
  const writeAll = db.transaction((all: readonly SqlStatement[]) => {
    for (const { sql, params } of all) prepared(sql).run(...params);
  });
  return {
    dialect: { kind: 'sqlite' },
    async queryOne<T extends object>({ sql, params }: SqlStatement): Promise<T | undefined> {
      return rethrown(() => prepared(sql).get(...params) as T | undefined);
    },
    async queryAll<T extends object>({ sql, params }: SqlStatement): Promise<T[]> {
      return rethrown(() => prepared(sql).all(...params) as T[]);
    },
    async write(all) {
      rethrown(() => writeAll.immediate(all));
    },
    async close() {
      db.close();
    },
  };
}
