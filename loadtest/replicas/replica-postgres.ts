/**
 * The PostgreSQL store of the replicas run: a private server started from the machine's binaries
 * (test-support's throwaway server on 127.0.0.1, stopped afterwards), or, when an admin URL is given (the
 * Jest form uses the test run's server), a fresh database on that server, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { findPostgresBinaries, startPostgres } from '../../test-support/postgres-server';

export interface ReplicaPostgres {
  storeUrl: string;
  version: string;
  stop(): Promise<void>;
}

export async function replicaPostgres(adminUrl: string | undefined): Promise<ReplicaPostgres> {
  let server: { url: string; stop(): void } | null = null;
  if (!adminUrl) {
    const binDir = findPostgresBinaries();
    if (!binDir) throw new Error('PostgreSQL binaries not found: install Debian\'s postgresql package (apt-get install postgresql) or pass --pg-url');
    server = await startPostgres(binDir);
  }
  const admin = new pg.Client({ connectionString: adminUrl ?? server?.url });
  await admin.connect();
  const name = `replicas_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database "${name}"`);
    const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
    const url = new URL(adminUrl ?? server?.url ?? '');
    url.pathname = `/${name}`;
    return {
      storeUrl: url.toString(),
      version,
      async stop() {
        try {
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
          await admin.query(`drop database if exists "${name}"`);
        } finally {
          await admin.end();
          server?.stop();
        }
      },
    };
  } catch (error) {
    await admin.end();
    server?.stop();
    throw error;
  }
}
