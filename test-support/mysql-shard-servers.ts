/**
 * The MariaDB backends that Spider tables are sharded over in tests: ASKDATA_TEST_MYSQL_SHARD_URLS
 * (comma-separated admin URLs, set by .ci/run), or two throwaway servers the Jest global setup starts
 * when it is unset (startMariadb, as for the front). The front is the ASKDATA_TEST_MYSQL_URL server.
 * Each test file makes its own databases on every backend (createTestMysqlShardDatabases), named as the
 * front's, so files running at once do not collide. A test that stops a backend starts its own.
 */
import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { findMariadbBinaries, startMariadb, type RunningMariadb } from './mariadb-server';
import type { TestDatabase } from './postgres';
import { withMysqlDatabase } from './mysql';

declare global {
  // eslint-disable-next-line no-var
  var __askdataMariadbShards: RunningMariadb[] | undefined;
}

const SHARD_SERVERS = 2;

/** Global setup: starts the backends unless ASKDATA_TEST_MYSQL_SHARD_URLS names them. */
export async function ensureMysqlShardServers(): Promise<void> {
  if (process.env.ASKDATA_TEST_MYSQL_SHARD_URLS) return;
  const binaries = findMariadbBinaries();
  if (!binaries) {
    process.stderr.write('\n[askdata] MariaDB binaries not found: the Spider suites will fail. Install Debian\'s mariadb-server package or set ASKDATA_TEST_MYSQL_SHARD_URLS.\n');
    return;
  }
  const started = await Promise.allSettled(Array.from({ length: SHARD_SERVERS }, () => startMariadb(binaries)));
  globalThis.__askdataMariadbShards = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failed = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  process.env.ASKDATA_TEST_MYSQL_SHARD_URLS = globalThis.__askdataMariadbShards.map((server) => server.url).join(',');
}

/** Global teardown (and a failed setup): stops the backends the setup started. */
export function stopMysqlShardServers(): void {
  const servers = globalThis.__askdataMariadbShards ?? [];
  globalThis.__askdataMariadbShards = undefined;
  for (const server of servers) server.stop();
}

export function testMysqlShardUrls(): string[] {
  const urls = (process.env.ASKDATA_TEST_MYSQL_SHARD_URLS ?? '').split(',').map((url) => url.trim()).filter((url) => url !== '');
  if (urls.length < 2) {
    throw new Error('Spider tests need at least two MariaDB backends: install Debian\'s mariadb-server package (the Jest global setup then starts them) or set ASKDATA_TEST_MYSQL_SHARD_URLS to comma-separated admin URLs.');
  }
  return urls;
}

/** A fresh database of the same name on every backend in `adminUrls` (default: the shared backends). */
export async function createTestMysqlShardDatabases(name: string, adminUrls: string[] = testMysqlShardUrls()): Promise<TestDatabase[]> {
  const made: TestDatabase[] = [];
  try {
    for (const adminUrl of adminUrls) {
      const connection = await createConnection({ uri: adminUrl });
      try {
        await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
      } finally {
        await connection.end();
      }
      made.push({
        url: withMysqlDatabase(adminUrl, name),
        async drop() {
          const dropper = await createConnection({ uri: adminUrl });
          try {
            await dropper.query(`DROP DATABASE IF EXISTS \`${name}\``);
          } finally {
            await dropper.end();
          }
        },
      });
    }
  } catch (error) {
    for (const database of made) await database.drop().catch(() => undefined);
    throw error;
  }
  return made;
}

/** A database name no other test file uses. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 30)}_${randomBytes(5).toString('hex')}`;
}
