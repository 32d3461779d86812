/**
 * Builds the bundles when the sources changed since the last build (tests that start real processes run
 * the built apps, as a host does), and starts a throwaway PostgreSQL and a throwaway MariaDB for the test
 * run unless ASKDATA_TEST_PG_URL and ASKDATA_TEST_MYSQL_URL already name servers, and the Spider backends
 * (mysql-shard-servers.ts) unless ASKDATA_TEST_MYSQL_SHARD_URLS does. Workers inherit
 * process.env, so they see the URLs set here. A missing server is not skipped: its suites fail, saying
 * how to provide one.
 */
import { ensureBuilt } from '../scripts/build/ensure-built.cjs';
import { findMariadbBinaries, startMariadb, type RunningMariadb } from './mariadb-server';
import { findPostgresBinaries, startPostgres, type RunningPostgres } from './postgres-server';
import { ensurePostgresShardServers, stopPostgresShardServers } from './postgres-shard-servers';
import { ensureMysqlShardServers, stopMysqlShardServers } from './mysql-shard-servers';

declare global {
  // eslint-disable-next-line no-var
  var __askdataPostgres: RunningPostgres | undefined;
  // eslint-disable-next-line no-var
  var __askdataMariadb: RunningMariadb | undefined;
}

async function ensurePostgres(): Promise<void> {
  if (process.env.ASKDATA_TEST_PG_URL) return;
  const binDir = findPostgresBinaries();
  if (!binDir) {
    process.stderr.write('\n[askdata] PostgreSQL binaries not found: the PostgreSQL suites will fail. Install Debian\'s postgresql package or set ASKDATA_TEST_PG_URL.\n');
    return;
  }
  const server = await startPostgres(binDir);
  globalThis.__askdataPostgres = server;
  process.env.ASKDATA_TEST_PG_URL = server.url;
}

async function ensureMariadb(): Promise<void> {
  if (process.env.ASKDATA_TEST_MYSQL_URL) return;
  const binaries = findMariadbBinaries();
  if (!binaries) {
    process.stderr.write('\n[askdata] MariaDB binaries not found: the MariaDB suites will fail. Install Debian\'s mariadb-server package or set ASKDATA_TEST_MYSQL_URL.\n');
    return;
  }
  const server = await startMariadb(binaries);
  globalThis.__askdataMariadb = server;
  process.env.ASKDATA_TEST_MYSQL_URL = server.url;
}

export default async function globalSetup(): Promise<void> {
  ensureBuilt((line) => process.stderr.write(`\n[askdata] ${line}\n`));
  const started = await Promise.allSettled([ensurePostgres(), ensureMariadb(), ensurePostgresShardServers(), ensureMysqlShardServers()]);
  const failed = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) {
    // Jest runs no teardown when the setup throws: stop whichever server did start before giving up.
    globalThis.__askdataPostgres?.stop();
    globalThis.__askdataMariadb?.stop();
    stopPostgresShardServers();
    stopMysqlShardServers();
    throw failed.reason;
  }
}
