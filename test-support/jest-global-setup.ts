/**
 * Starts a throwaway PostgreSQL for the test run unless ASKDATA_TEST_PG_URL already names one.
 * Workers inherit process.env, so they see the URL set here.
 */
import { findPostgresBinaries, startPostgres, type RunningPostgres } from './postgres-server';

declare global {
  // eslint-disable-next-line no-var
  var __askdataPostgres: RunningPostgres | undefined;
}

export default async function globalSetup(): Promise<void> {
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
