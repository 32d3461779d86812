/**
 * The built api-v1 server, started as `npm start` starts it (`node apps/api-v1/dist/server.js`,
 * scripts/start.ts), on a free port: what every browser test drives, so a page is tested against the bundle
 * people run and not an in-process app built from the TypeScript sources (the playground's client module
 * once failed only in the bundle, and the browser tests passed). A private SQLite store, the test demo
 * warehouse and the demo model. The server keeps the real clock (a process is handed no clock), while the
 * warehouse ends at TEST_NOW: questions name their periods ("in February 2026"), never "last month".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { openStore, type Store } from '@askdata/db';
import { startServer } from '../../../../../test-support/server-process';
import { ENV_KEY, OTHER_ENV_KEY } from '../../support/test-app';
import { testWarehousePath } from '../../support/test-deps';

export interface BuiltApp {
  baseUrl: string;
  /** A JSON call with a bearer key, as an integrator makes it; `T` is the body the test expects. */
  call<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'DELETE', path: string, key: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** Runs `check` on the server's store, opened from this process (the same SQLite file), then closes it. */
  withStore<T>(check: (store: Store) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/** `env` adds to or overrides the defaults (ADMIN_API_KEYS, CORS_ORIGINS, TENANT_TOKEN_SECRETS, ...). */
export async function startBuiltApp(env: Record<string, string> = {}): Promise<BuiltApp> {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-built-app-'));
  const storeUrl = `file:${join(dir, 'app.db')}`;
  const server = startServer({
    DATABASE_URL: storeUrl,
    DATA_SOURCE_URL: testWarehousePath(),
    SEMANTIC_MODEL: DEMO_MODEL_PATH,
    API_KEYS: `${ENV_KEY},${OTHER_ENV_KEY}`,
    // A browser test asks dozens of questions from one address in a minute.
    RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  let baseUrl: string;
  try {
    baseUrl = await server.ready();
  } catch (error) {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    async call<T>(method: string, path: string, key: string, body?: unknown) {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
    },
    async withStore(check) {
      const store = await openStore(storeUrl);
      try {
        return await check(store);
      } finally {
        await store.close();
      }
    },
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
