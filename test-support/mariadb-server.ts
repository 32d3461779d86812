/**
 * A throwaway MariaDB server for the test run, started from the machine's own binaries (Debian's
 * `mariadb-server` package) on 127.0.0.1 with its own data directory, port and socket, and the time-zone
 * tables loaded (mysql_tzinfo_to_sql), as .ci/run does. Used by the Jest global setup when
 * ASKDATA_TEST_MYSQL_URL does not already point at a server.
 *
 * mariadbd refuses to run as root, so when we are root the data directory belongs to the `mysql` user.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './postgres-server';

export interface RunningMariadb {
  url: string;
  stop(): void;
}

export interface MariadbBinaries {
  server: string;
  installDb: string;
  client: string;
  tzinfo: string;
}

/** The binaries, or null when MariaDB is not installed. */
export function findMariadbBinaries(): MariadbBinaries | null {
  const found = (names: string[]): string | undefined => names.flatMap((name) => ['/usr/sbin', '/usr/bin', '/usr/local/bin'].map((dir) => join(dir, name))).find((path) => existsSync(path));
  const server = found(['mariadbd', 'mysqld']);
  const installDb = found(['mariadb-install-db', 'mysql_install_db']);
  const client = found(['mariadb', 'mysql']);
  const tzinfo = found(['mariadb-tzinfo-to-sql', 'mysql_tzinfo_to_sql']);
  return server && installDb && client && tzinfo ? { server, installDb, client, tzinfo } : null;
}

const asRoot = (): boolean => process.getuid?.() === 0;

function runAsOwner(binary: string, args: string[], input?: string): void {
  const command = asRoot() ? 'runuser' : binary;
  const commandArgs = asRoot() ? ['-u', 'mysql', '--', binary, ...args] : args;
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', input, maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${binary} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
}

async function waitUntilUp(bin: MariadbBinaries, port: number, log: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const probe = spawnSync(bin.client, ['--no-defaults', '-uroot', '-h127.0.0.1', `-P${port}`, '-e', 'select 1'], { encoding: 'utf8' });
    if (probe.status === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`MariaDB did not start on port ${port}: ${existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : 'no log'}`);
}

export async function startMariadb(bin: MariadbBinaries): Promise<RunningMariadb> {
  const root = mkdtempSync(join(tmpdir(), 'askdata-mariadb-'));
  if (asRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'mysql'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'mysql'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
  }
  const dataDir = join(root, 'data');
  const log = join(root, 'error.log');
  runAsOwner(bin.installDb, ['--no-defaults', `--datadir=${dataDir}`, '--auth-root-authentication-method=normal', '--skip-test-db']);
  const port = await freePort();
  // Temporary tables in the server's own directory, not /tmp, where another process may clear them mid-query.
  const serverArgs = ['--no-defaults', `--datadir=${dataDir}`, `--tmpdir=${root}`, '--bind-address=127.0.0.1', `--port=${port}`, `--socket=${join(root, 'mysqld.sock')}`, `--pid-file=${join(root, 'mysqld.pid')}`, `--log-error=${log}`, '--skip-name-resolve', '--max-connections=300'];
  const child = asRoot() ? spawn('runuser', ['-u', 'mysql', '--', bin.server, ...serverArgs], { stdio: 'ignore', detached: true }) : spawn(bin.server, serverArgs, { stdio: 'ignore', detached: true });
  child.unref();
  await waitUntilUp(bin, port, log);
  const zones = execFileSync(bin.tzinfo, ['/usr/share/zoneinfo'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  runAsOwner(bin.client, ['--no-defaults', '-uroot', '-h127.0.0.1', `-P${port}`, 'mysql'], zones);
  return {
    url: `mysql://root@127.0.0.1:${port}/mysql`,
    stop() {
      try {
        const pid = Number(readFileSync(join(root, 'mysqld.pid'), 'utf8').trim());
        if (pid > 0) process.kill(pid, 'SIGTERM');
        for (let attempt = 0; attempt < 100 && pid > 0; attempt += 1) {
          try {
            process.kill(pid, 0);
          } catch {
            break;
          }
          spawnSync('sleep', ['0.1']);
        }
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
