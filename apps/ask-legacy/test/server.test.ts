/**
 * The real process (`tsx src/server.ts`, what `npm start -w apps/ask-legacy` runs): a bad variable stops
 * start-up naming it; a good config serves /ask on PORT, and SIGTERM drains and exits 0.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { testWarehousePath } from './support/test-deps';

const APP_DIR = join(__dirname, '..');
const TSX = join(APP_DIR, '..', '..', 'node_modules', '.bin', 'tsx');
const TOKEN = 'server-test-token-0123456789';

function start(env: Record<string, string>): { child: ChildProcessWithoutNullStreams; output: () => string; exited: Promise<number | null> } {
  const child = spawn(TSX, ['src/server.ts'], { cwd: APP_DIR, env: { PATH: process.env.PATH ?? '', ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('ask-legacy server process', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'askdata-ask-legacy-server-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses to start on a bad variable, naming it', async () => {
    const server = start({ PORT: 'eighty', DATABASE_URL: `file:${join(dir, 'app.db')}` });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT: must be a whole number/);
  });

  it('serves /ask on PORT and exits 0 on SIGTERM', async () => {
    const server = start({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      DATA_SOURCE_URL: testWarehousePath(),
      SEMANTIC_MODEL: DEMO_MODEL_PATH,
      ASK_LEGACY_TOKEN: TOKEN,
      SHUTDOWN_TIMEOUT_MS: '5000',
    });
    try {
      const url = await waitFor(() => /"url":"(http:\/\/[^"]+)"/.exec(server.output())?.[1], 30_000);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const answer = await fetch(`${url}/ask`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ question: 'How many orders are there?', conversationId: 'server-test', requestContext: { userId: 'u-1', orgId: 1 } }),
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ type: 'text', message: expect.stringMatching(/orders/) });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"message":"stopped"');
      expect(server.output()).not.toContain(TOKEN);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 60_000);
});
