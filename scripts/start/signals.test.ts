/**
 * Stopping what a person started: SIGTERM or SIGINT (Ctrl-C) sent to the npm process of `npm start -w
 * apps/<app>`, of root `npm start` or of `npm run dev` (with its build watcher) reaches the servers, which
 * drain and exit; npm exits once they have, and the ports are free for the next start. (An app's start
 * script once ran the server under a shell that did not pass signals on: killing npm left
 * `node dist/server.js` holding the port.) Only npm's own pid is signalled, as a process manager or
 * `kill <pid>` does, never the process group.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createSmallDemoWarehouse } from '../../test-support/demo-warehouse';
import { freePort } from '../../test-support/postgres-server';

const REPO_ROOT = join(__dirname, '..', '..');
const KEY = 'ak_signals_test_0123456789abcdef';

interface NpmRun {
  child: ChildProcessWithoutNullStreams;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function npm(args: string[], env: Record<string, string>): NpmRun {
  // Its own process group, only so that afterAll can remove whatever a failed run left behind.
  const child = spawn('npm', args, { cwd: REPO_ROOT, detached: true, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

/** Whether something answers /healthz on the port. */
async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

/** Whether the port can be bound on 127.0.0.1 (the servers listen there). */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 100));

/** Polls until each port answers /healthz; fails early when npm exits. Bounded by the test's timeout. */
async function untilServing(run: NpmRun, ports: number[]): Promise<void> {
  for (;;) {
    if ((await Promise.all(ports.map(answers))).every(Boolean)) return;
    if (run.child.exitCode !== null || run.child.signalCode !== null) throw new Error(`npm exited before serving:\n${run.output()}`);
    await pause();
  }
}

/** Polls until every port can be bound again. Bounded by the test's timeout. */
async function untilFree(ports: number[]): Promise<void> {
  while (!(await Promise.all(ports.map(bindable))).every(Boolean)) await pause();
}

describe('stopping npm start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-signals-'));
  const warehouse = createSmallDemoWarehouse();
  const running: NpmRun[] = [];
  const baseEnv = (): Record<string, string> => ({
    HOST: '127.0.0.1',
    API_KEYS: KEY,
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    DATA_SOURCE_URL: warehouse.path,
    SEMANTIC_MODEL: DEMO_MODEL_PATH,
    LOG_LEVEL: 'warn',
    SHUTDOWN_TIMEOUT_MS: '5000',
  });
  afterAll(() => {
    // What a failed run left behind (npm, or a server it lost): the whole group of each run, which a passing run has emptied.
    for (const run of running) {
      try {
        process.kill(-(run.child.pid ?? 0), 'SIGKILL');
      } catch {
        // The group is empty: everything exited, as it should.
      }
    }
    warehouse.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['api-v1', 'SIGTERM'],
    ['api-v1', 'SIGINT'],
    ['ask-legacy', 'SIGTERM'],
  ] as const)('npm start -w apps/%s: %s to npm stops the server and frees its port', async (app, signal) => {
    const port = await freePort();
    const run = npm(['start', '-w', `apps/${app}`], { ...baseEnv(), PORT: String(port) });
    running.push(run);
    await untilServing(run, [port]);
    run.child.kill(signal);
    await run.exited;
    await untilFree([port]);
    expect(await answers(port)).toBe(false);
  }, 180_000);

  it('npm run dev: SIGTERM to npm stops both apps and the build watcher, and npm exits', async () => {
    const ports = [await freePort(), await freePort()];
    const run = npm(['run', 'dev'], { ...baseEnv(), PORT: String(ports[0]), LEGACY_PORT: String(ports[1]) });
    running.push(run);
    await untilServing(run, ports);
    run.child.kill('SIGTERM');
    // npm exits only once everything it started has: the apps and the esbuild watcher.
    await run.exited;
    await untilFree(ports);
    expect(await Promise.all(ports.map(answers))).toEqual([false, false]);
  }, 240_000);

  it.each(['SIGTERM', 'SIGINT'] as const)('root npm start: %s to npm stops both apps and frees both ports', async (signal) => {
    const ports = [await freePort(), await freePort()];
    const run = npm(['start'], { ...baseEnv(), PORT: String(ports[0]), LEGACY_PORT: String(ports[1]) });
    running.push(run);
    await untilServing(run, ports);
    run.child.kill(signal);
    await run.exited;
    await untilFree(ports);
    expect(await Promise.all(ports.map(answers))).toEqual([false, false]);
  }, 240_000);
});
