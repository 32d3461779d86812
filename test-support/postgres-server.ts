/**
 * A throwaway PostgreSQL server for the test run, started from the machine's own binaries (Debian's
 * `postgresql` package) on 127.0.0.1. Used by the Jest global setup when ASKDATA_TEST_PG_URL does not
 * already point at a server (CI's .ci/run starts one and sets it).
 *
 * initdb refuses to run as root, so when we are root the cluster belongs to the `postgres` user.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningPostgres {
  url: string;
  /** Stops the server for good and removes its files. */
  stop(): void;
  /** `pg_ctl stop` (fast: sessions are ended, as when an operator stops it), keeping its files for `start`. */
  halt(): void;
  /** Starts a halted server again, on the same port. */
  start(): void;
}

/** Finds the directory holding initdb/pg_ctl, or null when PostgreSQL is not installed. */
export function findPostgresBinaries(): string | null {
  const candidates: string[] = [];
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv) candidates.push(fromEnv);
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(join(debianRoot, version, 'bin'));
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function runAsOwner(binary: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? 'runuser' : binary;
  const commandArgs = asRoot ? ['-u', 'postgres', '--', binary, ...args] : args;
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${binary} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

export async function startPostgres(binDir: string): Promise<RunningPostgres> {
  const root = mkdtempSync(join(tmpdir(), 'askdata-pg-'));
  const dataDir = join(root, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
  }
  const port = await freePort();
  runAsOwner(join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const serverOptions = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = (): void => runAsOwner(join(binDir, 'pg_ctl'), ['-D', dataDir, '-o', serverOptions, '-w', '-l', join(root, 'server.log'), 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: () => runAsOwner(join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    start,
    stop() {
      try {
        // A halted server is already stopped: pg_ctl then fails, and only the files are left to remove.
        if (existsSync(join(dataDir, 'postmaster.pid'))) runAsOwner(join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
