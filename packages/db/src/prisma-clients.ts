import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type pg from 'pg';
import type { DatabaseTarget } from './database-url';
import { PrismaClient as SqliteClient } from './generated/sqlite/client';
import { postgresPrismaClient, prismaPgAdapter } from './postgres-drivers';
import { SQLITE_BUSY_TIMEOUT_MS } from './sqlite-settings';

/**
 * The repositories are typed against the SQLite client. Both clients come from the same models file
 * (a test checks the copies), and SQLite's query API is the narrower of the two, so code that compiles
 * against it runs on PostgreSQL too; the PostgreSQL client is only nominally a different type.
 */
export type DbClient = SqliteClient;

/** `pool`: a pg pool to share with the store's direct statements (direct/postgres-direct.ts); made here when absent. */
export function createPrismaClient(target: DatabaseTarget, pool?: pg.Pool): DbClient {
  if (target.kind === 'sqlite') {
    // `timeout` is better-sqlite3's busy timeout; WAL mode is set on the file by migrate().
    // errorFormat minimal: Prisma's default formats an error by reading the calling source file, synchronously.
    return new SqliteClient({ adapter: new PrismaBetterSqlite3({ url: target.file, timeout: SQLITE_BUSY_TIMEOUT_MS }), errorFormat: 'minimal' });
  }
  const PrismaPg = prismaPgAdapter();
  const PostgresClient = postgresPrismaClient();
  const adapter = new PrismaPg(pool ?? target.pool, target.schema ? { schema: target.schema } : undefined);
  return new PostgresClient({ adapter, errorFormat: 'minimal' }) as unknown as DbClient;
}
