/**
 * Per-test-file PostgreSQL databases. The server comes from ASKDATA_TEST_PG_URL (set by .ci/run or by
 * the Jest global setup, which starts a throwaway server). Each call makes a fresh, empty database so
 * test files never see each other's rows. There is deliberately no "skip when unavailable": a
 * missing server fails the suite with a message saying how to provide one.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  /** Connection URL of the new database. */
  url: string;
  /** Drops the database (terminating stray connections first). */
  drop(): Promise<void>;
}

export function testPostgresAdminUrl(): string {
  const url = process.env.ASKDATA_TEST_PG_URL;
  if (!url) {
    throw new Error(
      'PostgreSQL tests need a server: install Debian\'s postgresql package (the Jest global setup then starts one) or set ASKDATA_TEST_PG_URL to an admin URL.',
    );
  }
  return url;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** One pg client on `url` for `work`, closed after it whatever happens. */
export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function withAdmin<T>(work: (client: Client) => Promise<T>, adminUrl = testPostgresAdminUrl()): Promise<T> {
  return withClient(adminUrl, work);
}

/** `adminUrl`: another server than ASKDATA_TEST_PG_URL's (a shard of test-support/postgres-shards.ts). */
export async function createTestDatabase(prefix: string, adminUrl = testPostgresAdminUrl()): Promise<TestDatabase> {
  const safePrefix = prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 30);
  return createNamedTestDatabase(`${safePrefix}_${randomBytes(5).toString('hex')}`, adminUrl);
}

/** A database of exactly this name (the caller makes it unique), for tests whose URLs follow a template. */
export async function createNamedTestDatabase(name: string, adminUrl = testPostgresAdminUrl()): Promise<TestDatabase> {
  if (!/^[a-z0-9_]{1,63}$/.test(name)) throw new Error(`not a test database name: ${name}`);
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`), adminUrl);
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      await withAdmin(async (client) => {
        await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      }, adminUrl);
    },
  };
}
