/**
 * A private PostgreSQL for the run (test-support's throwaway server, on loopback), with databases created
 * per use: one per warehouse copy and one per app store. Skipped, with a note, when no binaries exist.
 */
import { Client } from 'pg';
import { copySqlite } from '../../test-support/copy-sqlite';
import { findPostgresBinaries, startPostgres, type RunningPostgres } from '../../test-support/postgres-server';
import { msSince, nowNs } from './clock';
import { log } from './log';

export interface BenchPostgres {
  version: string;
  createDatabase(name: string): Promise<string>;
  /** Copies a SQLite warehouse into a new database (tables, keys, tenant and FK indexes, ANALYZE). */
  copyWarehouse(name: string, sqlitePath: string): Promise<{ url: string; seconds: number }>;
  stop(): Promise<void>;
}

export async function startBenchPostgres(): Promise<BenchPostgres | null> {
  const binDir = process.env.ASKDATA_BENCH_PG_URL ? null : findPostgresBinaries();
  let server: RunningPostgres | null = null;
  let adminUrl = process.env.ASKDATA_BENCH_PG_URL;
  if (!adminUrl) {
    if (!binDir) return null;
    log('starting a private PostgreSQL ...');
    server = await startPostgres(binDir);
    adminUrl = server.url;
  }
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  const version = ((await admin.query('show server_version')).rows[0] as { server_version: string }).server_version;
  const urlOf = (name: string): string => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const createDatabase = async (name: string): Promise<string> => {
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
    return urlOf(name);
  };
  return {
    version,
    createDatabase,
    async copyWarehouse(name, sqlitePath) {
      const url = await createDatabase(name);
      log(`copying ${sqlitePath} into PostgreSQL database ${name} ...`);
      const started = nowNs();
      await copySqlite(sqlitePath, { engine: 'postgres', url });
      return { url, seconds: msSince(started) / 1000 };
    },
    async stop() {
      await admin.end();
      server?.stop();
    },
  };
}
