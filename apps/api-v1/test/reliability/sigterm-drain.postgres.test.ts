/**
 * SIGTERM on the real process with a request in flight: the server stops accepting connections at once,
 * lets the in-flight request finish and persist its answer, then exits 0 within the bound.
 *
 * The request is held in flight for real by the store (PostgreSQL): the test locks the Answer table, so
 * the request's insert waits (asynchronously, the event loop stays free) until the lock is released,
 * after SIGTERM. (A SQLite store cannot be used for this: better-sqlite3 waits for a lock synchronously,
 * see docs/reliability.md.)
 */
import { Client } from 'pg';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/postgres';
import { ENV_KEY } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';
import { recordFigure } from '../../../../test-support/figures';
import { postJson, startServer } from '../../../../test-support/server-process';

const SHUTDOWN_BOUND_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('sigterm');
});
afterAll(async () => {
  await database?.drop();
});

describe('SIGTERM with a request in flight (postgres store)', () => {
  it('stops accepting, finishes and persists the in-flight request, exits 0 within the bound', async () => {
    const server = startServer({
      DATABASE_URL: database.url,
      DATA_SOURCE_URL: testWarehousePath(),
      SEMANTIC_MODEL: DEMO_MODEL_PATH,
      API_KEYS: ENV_KEY,
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_BOUND_MS),
    });
    const locker = new Client({ connectionString: database.url });
    await locker.connect();
    try {
      const url = await server.ready();
      const warm = await postJson(`${url}/api/v1/conversations/answer`, { question: 'How many orders are there?', context: { orgId: 1 } }, ENV_KEY);
      expect(warm.status).toBe(200);

      await locker.query('begin');
      await locker.query('lock table "Answer" in access exclusive mode');
      const inFlight = postJson(`${url}/api/v1/conversations/answer`, { question: 'How many customers are there?', context: { orgId: 2 } }, ENV_KEY);
      // Wait until the request is really blocked on the lock, not merely sent.
      // (No cap of its own: the test's timeout bounds it, so a busy machine only makes it wait longer.)
      for (;;) {
        const waiting = await locker.query("select count(*)::int as n from pg_locks where not granted and relation = '\"Answer\"'::regclass");
        if ((waiting.rows[0] as { n: number }).n > 0) break;
        await sleep(50);
      }

      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      // Stopped accepting: a new connection is refused while the old request is still waiting (polled,
      // not a fixed delay: a busy machine may take a while to deliver the signal).
      while (await fetch(`${url}/healthz`).then(() => true, () => false)) await sleep(50);
      expect(server.child.exitCode).toBeNull();

      await locker.query('commit');
      const finished = await inFlight;
      expect(finished.status).toBe(200);

      expect(await server.exited).toBe(0);
      const shutdownMs = Date.now() - signalledAt;
      expect(shutdownMs).toBeLessThan(SHUTDOWN_BOUND_MS);
      expect(server.output()).toContain('"message":"stopped"');

      const stored = await locker.query('select question from "Answer" where id = $1', [String(finished.body.id)]);
      expect(stored.rows).toEqual([{ question: 'How many customers are there?' }]);
      recordFigure('sigterm-drain', { shutdownMs });
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
      server.kill();
    }
  }, 60_000);
});
