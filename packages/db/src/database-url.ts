import path from 'node:path';
import { isPostgresUrl } from '@askdata/env';
import type { PoolConfig } from 'pg';

/** Where the store lives, parsed once from DATABASE_URL. */
export type DatabaseTarget =
  | { kind: 'sqlite'; /** absolute path of the database file */ file: string }
  | { kind: 'postgres'; url: string; /** discrete fields: see postgresPoolConfig */ pool: PoolConfig; schema?: string };

/**
 * Accepts `file:./rel.db`, `file:/abs.db`, a bare path (SQLite; relative paths resolve against the cwd)
 * and `postgres://` / `postgresql://` URLs.
 */
export function parseDatabaseUrl(databaseUrl: string): DatabaseTarget {
  const trimmed = databaseUrl.trim();
  if (trimmed === '') throw new Error('askdata: DATABASE_URL is empty');
  if (isPostgresUrl(trimmed)) return { kind: 'postgres', url: trimmed, ...postgresPoolConfig(trimmed) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    throw new Error(`askdata: unsupported DATABASE_URL scheme in "${redactUrl(trimmed)}" (use file:<path> or postgres://)`);
  }
  const withoutScheme = trimmed.replace(/^file:/i, '').replace(/\?.*$/, '');
  if (withoutScheme === '' || withoutScheme === ':memory:') {
    throw new Error('askdata: the SQLite store needs a file path (in-memory databases cannot be shared or migrated)');
  }
  return { kind: 'sqlite', file: path.resolve(withoutScheme) };
}

/**
 * Discrete pg fields instead of a connectionString: the pg adapter derives its shadow database by
 * overriding `database`, which a connectionString would silently win over (see prisma-offline.md).
 */
function postgresPoolConfig(url: string): { pool: PoolConfig; schema?: string } {
  const u = new URL(url);
  const params = u.searchParams;
  const sslmode = params.get('sslmode');
  const pool: PoolConfig = {
    host: params.get('host') ?? (decodeURIComponent(u.hostname) || 'localhost'),
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username) || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || undefined,
  };
  if (sslmode === 'require' || sslmode === 'prefer') pool.ssl = { rejectUnauthorized: false };
  if (sslmode === 'verify-ca' || sslmode === 'verify-full') pool.ssl = true;
  const schema = params.get('schema');
  return schema ? { pool, schema } : { pool };
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
}
