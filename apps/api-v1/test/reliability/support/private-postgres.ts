/**
 * A PRIVATE PostgreSQL server for fault tests: they stop and start it with pg_ctl, which must never
 * touch the shared server other test files use. Same recipe as test-support/postgres-server.ts, but the
 * data directory and port are kept so the same cluster can be stopped and started again.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { findPostgresBinaries, freePort } from '../../../../../test-support/postgres-server';

export interface PrivatePostgres {
  /** Admin URL of the `postgres` database. */
  adminUrl: string;
  urlOf(database: string): string;
  createDatabase(name: string): Promise<string>;
  /** pg_ctl stop -m fast: connections are terminated, new ones refused. */
  stop(): void;
  start(): void;
  destroy(): void;
}

function runAsOwner(binary: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', binary, ...args], { encoding: 'utf8' })
    : spawnSync(binary, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${binary} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binDir = findPostgresBinaries();
  if (!binDir) throw new Error('Fault tests need PostgreSQL binaries (Debian\'s postgresql package, or PG_BIN_DIR).');
  const root = mkdtempSync(join(tmpdir(), 'askdata-faults-pg-'));
  if (process.getuid?.() === 0) {
    const id = (flag: string): number => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, id('-u'), id('-g'));
  }
  const dataDir = join(root, 'data');
  const port = await freePort();
  const pgCtl = join(binDir, 'pg_ctl');
  runAsOwner(join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const start = (): void =>
    runAsOwner(pgCtl, ['-D', dataDir, '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`, '-w', '-l', join(root, 'server.log'), 'start']);
  start();
  const urlOf = (database: string): string => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let running = true;
  return {
    adminUrl: urlOf('postgres'),
    urlOf,
    async createDatabase(name) {
      const client = new Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    stop() {
      runAsOwner(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    start() {
      start();
      running = true;
    },
    destroy() {
      try {
        if (running) runAsOwner(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
