/**
 * Root `npm start` (scripts/start.cjs) as a person runs it, on a private store and warehouse: it serves
 * both apps from their built output and prints the banner; a second start while the first holds the ports
 * exits 1 naming each port and who holds it (another askdata, from its /healthz), and prints nothing on
 * stdout, so no banner, dev key or curl line of the other instance; a port held by something that is not
 * askdata is named as another program.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createSmallDemoWarehouse } from '../../test-support/demo-warehouse';
import { freePort } from '../../test-support/postgres-server';

const START = join(__dirname, '..', 'start.cjs');
const KEY = 'ak_start_test_0123456789abcdef';

interface Run {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

function runStart(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [START], { env: { PATH: process.env.PATH ?? '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function until(condition: () => boolean, run: Run): Promise<void> {
  while (!condition()) {
    if (run.child.exitCode !== null) throw new Error(`npm start exited (${run.child.exitCode}):\n${run.stdout()}\n${run.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-start-'));
  const warehouse = createSmallDemoWarehouse();
  let env: Record<string, string>;
  let first: Run | undefined;
  let stranger: Server | undefined;

  beforeAll(async () => {
    env = {
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LEGACY_PORT: String(await freePort()),
      API_KEYS: KEY,
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      DATA_SOURCE_URL: warehouse.path,
      SEMANTIC_MODEL: DEMO_MODEL_PATH,
      LOG_LEVEL: 'warn',
    };
  });
  afterAll(async () => {
    stranger?.close();
    if (first && first.child.exitCode === null) {
      first.child.kill('SIGTERM');
      await first.exited;
    }
    warehouse.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves both apps from their built output, then a second start names the taken ports and prints no banner', async () => {
    first = runStart(env);
    const running = first;
    await until(() => running.stdout().includes('ask-legacy: http://localhost:'), running);
    const answer = await fetch(`http://127.0.0.1:${env.PORT}/api/v1/conversations/answer`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: 'How many orders are there?', context: { orgId: 1 } }),
    });
    expect(answer.status).toBe(200);

    const second = runStart(env);
    expect(await second.exited).toBe(1);
    expect(second.stdout()).toBe('');
    expect(second.stderr()).toContain(`port ${env.PORT} (api-v1, PORT) is taken by another askdata (its /healthz says "askdata api-v1")`);
    expect(second.stderr()).toContain(`port ${env.LEGACY_PORT} (ask-legacy, LEGACY_PORT) is taken by another askdata (its /healthz says "askdata ask-legacy")`);
    expect(second.stderr()).not.toMatch(/dev key|try: curl|playground/);
    // The first instance is untouched.
    expect((await fetch(`http://127.0.0.1:${env.PORT}/healthz`)).status).toBe(200);

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  }, 240_000);

  it('names a port held by something that is not askdata', async () => {
    const port = await freePort();
    stranger = createServer((socket) => socket.end('not http\r\n'));
    await new Promise<void>((resolve) => stranger?.listen(port, '127.0.0.1', resolve));
    const run = runStart({ ...env, PORT: String(port) });
    expect(await run.exited).toBe(1);
    expect(run.stdout()).toBe('');
    expect(run.stderr()).toContain(`port ${port} (api-v1, PORT) is taken by another program (it does not answer /healthz as askdata)`);
    expect(run.stderr()).not.toContain(`port ${env.LEGACY_PORT}`);
  }, 60_000);
});
