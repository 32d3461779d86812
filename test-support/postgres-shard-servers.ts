/**
 * The PostgreSQL shard servers of the test run: ASKDATA_TEST_PG_SHARD_URLS (comma-separated admin URLs,
 * set by .ci/run), or two throwaway servers the Jest global setup starts when it is unset. The coordinator
 * is the ASKDATA_TEST_PG_URL server. A test that stops a shard starts its own (startPostgres), never these.
 */
import { findPostgresBinaries, startPostgres, type RunningPostgres } from './postgres-server';

declare global {
  // eslint-disable-next-line no-var
  var __askdataPostgresShards: RunningPostgres[] | undefined;
}

const SHARD_SERVERS = 2;

export function testPostgresShardUrls(): string[] {
  const urls = (process.env.ASKDATA_TEST_PG_SHARD_URLS ?? '').split(',').map((url) => url.trim()).filter((url) => url !== '');
  if (urls.length < 2) {
    throw new Error(
      'Sharded PostgreSQL tests need at least two shard servers: install Debian\'s postgresql package (the Jest global setup then starts them) or set ASKDATA_TEST_PG_SHARD_URLS to comma-separated admin URLs.',
    );
  }
  return urls;
}

/** Jest global setup: starts the shard servers unless ASKDATA_TEST_PG_SHARD_URLS names them. */
export async function ensurePostgresShardServers(): Promise<void> {
  if (process.env.ASKDATA_TEST_PG_SHARD_URLS) return;
  const binDir = findPostgresBinaries();
  if (!binDir) {
    process.stderr.write('\n[askdata] PostgreSQL binaries not found: the sharded PostgreSQL suites will fail. Install Debian\'s postgresql package or set ASKDATA_TEST_PG_SHARD_URLS.\n');
    return;
  }
  const started = await Promise.allSettled(Array.from({ length: SHARD_SERVERS }, () => startPostgres(binDir)));
  globalThis.__askdataPostgresShards = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failed = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  process.env.ASKDATA_TEST_PG_SHARD_URLS = globalThis.__askdataPostgresShards.map((server) => server.url).join(',');
}

/** Jest global teardown (and a failed setup): stops the shard servers the setup started. */
export function stopPostgresShardServers(): void {
  const servers = globalThis.__askdataPostgresShards ?? [];
  globalThis.__askdataPostgresShards = undefined;
  const errors: unknown[] = [];
  for (const server of servers) {
    try {
      server.stop();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}
