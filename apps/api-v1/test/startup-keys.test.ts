/**
 * api-v1 started on its own (`npm start -w apps/api-v1`, a real process) takes the dev key that root
 * `npm start` wrote, `npm run keys -- list` shows that key, and with no key at all it still starts but
 * says at warn level how to make one. The revoked case runs in process on a real SQLite store.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { keyPrefix, openStore } from '@askdata/db';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createMemoryTransport } from '@askdata/http-kit';
import { DEV_KEY_NAME, ensureDevKey, registerDevKey, settleStartupKeys } from '@askdata/service';
import { postJson, startServer, type ServerProcess } from '../../../test-support/server-process';
import { createApiLogger } from '../src/logger';
import { testWarehousePath } from './support/test-deps';

const REPO_ROOT = resolve(__dirname, '../../..');
const QUESTION = { question: 'How many orders are there?', context: { orgId: 1 } };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-startup-keys-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** api-v1 alone, as a host runs it: no API_KEYS, the dev key file and store given explicitly. */
function startAlone(name: string, devKeyFile: string): { server: ServerProcess; storeUrl: string } {
  const storeUrl = `file:${join(dir, `${name}.db`)}`;
  const server = startServer({ DATABASE_URL: storeUrl, DATA_SOURCE_URL: testWarehousePath(), SEMANTIC_MODEL: DEMO_MODEL_PATH, DEV_API_KEY_FILE: devKeyFile });
  return { server, storeUrl };
}

/** `npm run keys -- list` on that store, as the real CLI process. */
function listKeys(storeUrl: string): Promise<string> {
  const env = { PATH: process.env.PATH ?? '', DATABASE_URL: storeUrl };
  return new Promise((done, fail) => {
    execFile(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'packages/db/src/cli/keys.ts'), 'list'], { cwd: REPO_ROOT, env, timeout: 30_000 }, (error, stdout, stderr) =>
      error ? fail(new Error(`keys list failed: ${stderr}`)) : done(stdout),
    );
  });
}

/** The process's JSON log lines at `level`. */
function logLinesAt(server: ServerProcess, level: string): { level: string; message: string }[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; message: string })
    .filter((line) => line.level === level);
}

describe('api-v1 started alone', () => {
  it('accepts the dev key from the file root npm start writes, and keys list shows it', async () => {
    const devKeyFile = join(dir, 'dev-api-key');
    const devKey = ensureDevKey(devKeyFile);
    const { server, storeUrl } = startAlone('with-dev-key', devKeyFile);
    try {
      const url = await server.ready();
      expect((await postJson(`${url}/api/v1/conversations/answer`, QUESTION, devKey)).status).toBe(200);
      expect((await postJson(`${url}/api/v1/conversations/answer`, QUESTION, `${devKey}x`)).status).toBe(401);
      expect(logLinesAt(server, 'warn')).toEqual([]);
      expect(server.output()).not.toContain(devKey);
      expect(logLinesAt(server, 'info').find((line) => line.message === "accepting the development key")).toMatchObject({ prefix: keyPrefix(devKey) });
      const listing = await listKeys(storeUrl);
      expect(listing).toContain(DEV_KEY_NAME);
      expect(listing).toContain(keyPrefix(devKey));
      expect(listing).toContain('active');
    } finally {
      server.kill();
    }
  }, 60_000);

  it('starts with no key configured, and warns how to create one', async () => {
    const { server, storeUrl } = startAlone('no-key', join(dir, 'no-such-dev-api-key'));
    try {
      const url = await server.ready();
      const warnings = logLinesAt(server, 'warn').map((line) => line.message);
      expect(warnings).toEqual([expect.stringContaining('run `npm run keys -- create <name>`')]);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await postJson(`${url}/api/v1/conversations/answer`, QUESTION, 'ak_not-a-key-anyone-made')).status).toBe(401);
      expect(await listKeys(storeUrl)).toBe('No API keys.\n');
    } finally {
      server.kill();
    }
  }, 60_000);
});

describe('settleStartupKeys', () => {
  async function settle(devKeyFile: string, apiKeys: string[] = []) {
    const store = await openStore(`file:${join(dir, `settle-${Math.random().toString(36).slice(2)}.db`)}`);
    const { transport, lines } = createMemoryTransport();
    const logger = createApiLogger({ LOG_LEVEL: 'info', API_KEYS: apiKeys, transports: [transport] });
    const run = () => settleStartupKeys({ apiKeys, devKeyFile, store, logger });
    const levels = () => lines.map((line) => JSON.parse(line) as { level: string; message: string });
    return { store, run, levels };
  }

  it('keeps a revoked dev key revoked, and warns', async () => {
    const devKeyFile = join(dir, 'revoked-dev-api-key');
    const devKey = ensureDevKey(devKeyFile);
    const { store, run, levels } = await settle(devKeyFile);
    try {
      expect(await registerDevKey(store, devKey)).toBe('registered');
      const [record] = await store.apiKeys.list();
      await store.apiKeys.revoke(record?.id ?? '');
      await run();
      expect((await store.apiKeys.list()).map((key) => key.revokedAt === null)).toEqual([false]);
      expect(levels().filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
        expect.stringContaining('has been revoked'),
        expect.stringContaining('npm run keys -- create <name>'),
      ]);
    } finally {
      await store.close();
    }
  });

  it('leaves the store alone when API_KEYS is set', async () => {
    const devKeyFile = join(dir, 'ignored-dev-api-key');
    ensureDevKey(devKeyFile);
    const { store, run, levels } = await settle(devKeyFile, ['env-key-0123456789abcdef']);
    try {
      await run();
      expect(await store.apiKeys.list()).toEqual([]);
      expect(levels()).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
