/**
 * Issue 12, item 7, with a real process: another process holds the SQLite store's write lock. A question
 * then gets a 503 store-unavailable problem (it used to be a 500 after 5.1 s), /readyz reports the store
 * unavailable, and /healthz keeps answering while the question waits (it used to wait 4 s behind the
 * synchronous store). Once the lock is released, everything answers again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { startServer, type ServerProcess } from '../../../../test-support/server-process';
import { ENV_KEY } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';

let dir: string;
let server: ServerProcess;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-store-locked-'));
  server = startServer({ DATABASE_URL: `file:${join(dir, 'app.db')}`, DATA_SOURCE_URL: testWarehousePath(), SEMANTIC_MODEL: DEMO_MODEL_PATH, API_KEYS: ENV_KEY });
  base = await server.ready();
}, 60_000);
afterAll(async () => {
  server?.kill();
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
});

const ask = () =>
  fetch(`${base}/api/v1/conversations/answer`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ENV_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ question: 'How many orders are there?', context: { orgId: 1 } }),
  });

describe('a locked SQLite store', () => {
  it('answers 503 store-unavailable, reports not ready, and never stalls liveness', async () => {
    expect((await ask()).status).toBe(200);
    const lock = new Database(join(dir, 'app.db'));
    lock.exec('BEGIN IMMEDIATE');
    try {
      const finished: string[] = [];
      const question = ask().then(async (res) => {
        finished.push('question');
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { type?: string } };
      });
      // Liveness while the question waits for the store: every probe is answered before the question gives up.
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${base}/healthz`);
        expect(res.status).toBe(200);
        finished.push('healthz');
      }
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { checks: Record<string, string> }).checks).toEqual({ store: 'unavailable', dataSource: 'ok', knowledge: 'ok' });
      const answered = await question;
      expect(finished.indexOf('question')).toBe(5);
      expect(answered.status).toBe(503);
      expect(answered.retryAfter).toBe('5');
      expect(answered.body.type).toBe('tag:askdata.dev,2025:problem:store-unavailable');
    } finally {
      lock.exec('ROLLBACK');
      lock.close();
    }
    expect((await ask()).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  }, 60_000);
});
