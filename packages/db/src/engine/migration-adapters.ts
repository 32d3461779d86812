import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import {
  bindMigrationAwareSqlAdapterFactory,
  type ErrorCapturingSqlMigrationAwareDriverAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
} from '@prisma/driver-adapter-utils';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PoolConfig } from 'pg';
import type { DatabaseTarget } from '../database-url';
import { SQLITE_BUSY_TIMEOUT_MS } from '../sqlite-settings';
import { pgDriver, prismaPgAdapter } from '../postgres-drivers';
import { charSafePgClient } from './char-safe-pg-client';

/**
 * Driver adapter factories for the wasm schema engine (migrations and diffs), with the fixes the offline
 * notes describe: SQLite shadow replays run whole scripts through executeRaw, and the pg adapter rejects
 * catalog `"char"` columns and needs discrete connection fields to aim its shadow database right.
 * Every connection handed to the engine is tracked so that `disposeAll` closes it: the engine does not
 * reliably release them, and an open pg pool keeps the process alive.
 */
export interface MigrationAdapters {
  factory: ErrorCapturingSqlMigrationAwareDriverAdapterFactory;
  disposeAll(): Promise<void>;
}

export function migrationAdapters(target: DatabaseTarget): MigrationAdapters {
  const open = new Set<SqlDriverAdapter>();
  // better-sqlite3 creates the file but not its folder.
  if (target.kind === 'sqlite') mkdirSync(path.dirname(target.file), { recursive: true });
  const inner: SqlMigrationAwareDriverAdapterFactory =
    target.kind === 'sqlite'
      ? new PrismaBetterSqlite3({ url: target.file, timeout: SQLITE_BUSY_TIMEOUT_MS }, { shadowDatabaseUrl: ':memory:' })
      : new (prismaPgAdapter())({ ...target.pool, Client: charSafePgClient() }, target.schema ? { schema: target.schema } : undefined);
  const track = (adapter: SqlDriverAdapter, afterDispose?: () => Promise<void>): SqlDriverAdapter => {
    const wrapped = delegate(adapter, target.kind === 'sqlite', async () => {
      open.delete(wrapped);
      await afterDispose?.();
    });
    open.add(wrapped);
    return wrapped;
  };
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => track(await inner.connect()),
    connectToShadowDb: async () => {
      if (target.kind === 'sqlite') return track(await inner.connectToShadowDb());
      const shadow = await createPgShadowDatabase(target.pool);
      const adapter = await new (prismaPgAdapter())({ ...target.pool, database: shadow.name, Client: charSafePgClient() }).connect();
      return track(adapter, shadow.drop);
    },
  };
  return {
    factory: bindMigrationAwareSqlAdapterFactory(tracked),
    disposeAll: async () => {
      for (const adapter of [...open]) await adapter.dispose();
    },
  };
}

const MULTI_STATEMENT = /more than one statement/i;

/** Not `instanceof Error`: errors thrown by native addons come from another realm under Jest. */
function messageOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : String(error);
}

/**
 * The pg adapter's own shadow database is dropped while its pool still holds a connection, which fails
 * ("being accessed by other users"). Ours is dropped after the shadow pool has been closed.
 */
async function createPgShadowDatabase(pool: PoolConfig): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `prisma_migrate_shadow_db_${randomUUID().replace(/-/g, '')}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new (pgDriver().Client)(pool);
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  return { name, drop: () => admin(`DROP DATABASE IF EXISTS "${name}"`) };
}

/** A forwarding adapter whose dispose runs once; on SQLite, a parameterless multi-statement executeRaw goes to exec. */
function delegate(adapter: SqlDriverAdapter, scriptFallback: boolean, onDispose: () => Promise<void>): SqlDriverAdapter {
  let disposed: Promise<void> | undefined;
  const executeRaw = async (query: SqlQuery): Promise<number> => {
    try {
      return await adapter.executeRaw(query);
    } catch (error) {
      const retry = scriptFallback && query.args.length === 0 && MULTI_STATEMENT.test(messageOf(error));
      if (!retry) throw error;
      await adapter.executeScript(query.sql);
      return 0;
    }
  };
  const getConnectionInfo = adapter.getConnectionInfo?.bind(adapter);
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => adapter.queryRaw(query),
    executeRaw,
    executeScript: (script) => adapter.executeScript(script),
    startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
    ...(getConnectionInfo ? { getConnectionInfo } : {}),
    dispose: () => {
      disposed ??= adapter.dispose().then(onDispose);
      return disposed;
    },
  };
}
