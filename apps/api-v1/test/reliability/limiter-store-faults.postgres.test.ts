/**
 * Issue 25, item 6: the shared limiter when its PostgreSQL store cannot count, for real. A private
 * server holds the store; the counters' table is locked by another session, the server is stopped, and
 * the event loop of the app's process is blocked while the store answers. In each case the limit of 120
 * still holds (each request is counted in the process while the store does not take it), and once the
 * store answers again it holds every request exactly once: the process added what it counted by itself,
 * and counted nothing twice. Before: every request the store did not answer within 1 s passed uncounted
 * (192, 123 and 126 answers through a limit of 120 in the review).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { envKeyPrincipal, openStore, type Store } from '@askdata/db';
import { createMemoryTransport } from '@askdata/http-kit';
import type { BuiltAnswerDeps } from '@askdata/service';
import { Client } from 'pg';
import { findPostgresBinaries } from '../../../../test-support/postgres-server';
import { createApp } from '../../src/app';
import { createApiLogger } from '../../src/logger';
import { listen, type Listening } from '../ecosystem/support/listen';
import { testConfig } from '../support/test-app';
import { buildTestAnswerDeps, TEST_NOW } from '../support/test-deps';
import { startPrivatePostgres, type PrivatePostgres } from './support/private-postgres';

jest.setTimeout(120_000);

const LIMIT = 120;
const LOCKED_KEY = 'limiter-locked-0123456789';
const STOPPED_KEY = 'limiter-stopped-0123456789';
const FROZEN_KEY = 'limiter-frozen-0123456789';

let pg: PrivatePostgres;
let storeUrl: string;
let store: Store;
let answerDeps: BuiltAnswerDeps;
let server: Listening;
let logLines: string[];

beforeAll(async () => {
  pg = await startPrivatePostgres();
  storeUrl = await pg.createDatabase('store');
  store = await openStore(storeUrl);
  answerDeps = await buildTestAnswerDeps();
  const config = testConfig({ DATABASE_URL: storeUrl, RATE_LIMIT_PER_MINUTE: LIMIT, API_KEYS: [LOCKED_KEY, STOPPED_KEY, FROZEN_KEY] });
  const { transport, lines } = createMemoryTransport();
  logLines = lines;
  const logger = createApiLogger({ LOG_LEVEL: 'debug', API_KEYS: config.API_KEYS, transports: [transport] });
  // One fixed "now": every window in this file stays open, so only the faults decide the counts.
  server = await listen(createApp({ config, store, answerDeps, logger, clock: () => TEST_NOW }));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await store?.close().catch(() => undefined);
  await answerDeps?.close();
  pg?.destroy();
});

/** An empty body: 400 from validation once past the limiter (no query, no store write), else 429. */
async function send(key: string): Promise<number> {
  const res = await fetch(`${server.baseUrl}/api/v1/conversations/answer`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: '{}' });
  await res.arrayBuffer();
  return res.status;
}

async function burst(key: string, count: number, concurrency: number): Promise<{ passed: number; limited: number; other: number[] }> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        statuses.push(await send(key));
      }
    }),
  );
  return { passed: statuses.filter((s) => s === 400).length, limited: statuses.filter((s) => s === 429).length, other: statuses.filter((s) => s !== 400 && s !== 429) };
}

/** The key's count as the store holds it, read directly. */
async function storedHits(key: string): Promise<number | undefined> {
  const client = new Client({ connectionString: storeUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ hits: number }>('SELECT "hits" FROM "RateLimitWindow" WHERE "key" = $1', [`v1:${envKeyPrincipal(key)}`]);
    return rows[0]?.hits;
  } finally {
    await client.end();
  }
}

const psql = (sql: string): ChildProcess => spawn(join(findPostgresBinaries() as string, 'psql'), ['-X', '-q', '-d', storeUrl, '-c', sql], { stdio: 'ignore' });

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Sessions of the limiter waiting for a lock, seen from another connection. */
async function limiterWaitingOnLock(): Promise<number> {
  const client = new Client({ connectionString: storeUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'askdata-rate-limit' AND wait_event_type = 'Lock'");
    return Number(rows[0]?.n);
  } finally {
    await client.end();
  }
}

const warnedOfFallback = (): boolean => logLines.some((line) => line.includes('counting in this process until it answers') && line.includes('"level":"warn"'));

describe('the shared limiter on a PostgreSQL store that cannot count', () => {
  it('holds the limit while another session locks the counters, and the store then holds every request once', async () => {
    expect((await burst(LOCKED_KEY, 20, 5)).passed).toBe(20);
    const locker = new Client({ connectionString: storeUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE "RateLimitWindow" IN EXCLUSIVE MODE');
    let during: Awaited<ReturnType<typeof burst>>;
    try {
      during = await burst(LOCKED_KEY, 180, 20);
    } finally {
      await locker.query('COMMIT');
      await locker.end();
    }
    expect(during).toEqual({ passed: LIMIT - 20, limited: 180 - (LIMIT - 20), other: [] });
    expect(warnedOfFallback()).toBe(true);
    // The store answers again: the next hit carries what the process counted meanwhile.
    expect(await send(LOCKED_KEY)).toBe(429);
    expect(await storedHits(LOCKED_KEY)).toBe(20 + 180 + 1);
  });

  it('holds the limit while the server is stopped, and adds the local counts to the store once it is back', async () => {
    expect((await burst(STOPPED_KEY, 20, 5)).passed).toBe(20);
    pg.stop();
    let during: Awaited<ReturnType<typeof burst>>;
    try {
      during = await burst(STOPPED_KEY, 180, 20);
    } finally {
      pg.start();
    }
    expect(during).toEqual({ passed: LIMIT - 20, limited: 180 - (LIMIT - 20), other: [] });
    expect(await send(STOPPED_KEY)).toBe(429);
    expect(await storedHits(STOPPED_KEY)).toBe(20 + 180 + 1);
  });

  it('counts right through a blocked event loop: replies that arrived meanwhile are read, not timed out', async () => {
    expect((await burst(FROZEN_KEY, LIMIT - 5, 10)).passed).toBe(LIMIT - 5);
    // Another process holds the counters for 0.4 s, so the next hits are surely in flight at the server
    // when this process's event loop stops; the server answers them while it is blocked (well within its
    // statement timeout), and the loop is blocked for longer than the limiter's 1 s deadline.
    const locker = psql('BEGIN; LOCK TABLE "RateLimitWindow" IN EXCLUSIVE MODE; SELECT pg_sleep(0.4); COMMIT;');
    const exited = new Promise((resolve) => locker.once('exit', resolve));
    try {
      await until(async () => {
        const client = new Client({ connectionString: storeUrl });
        await client.connect();
        try {
          const { rows } = await client.query("SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'RateLimitWindow' AND l.mode = 'ExclusiveLock' AND l.granted");
          return rows.length > 0;
        } finally {
          await client.end();
        }
      });
      const during = burst(FROZEN_KEY, 10, 10);
      await until(async () => (await limiterWaitingOnLock()) > 0);
      const blockedUntil = Date.now() + 1500;
      while (Date.now() < blockedUntil) {
        // The event loop is blocked, as by a long synchronous task.
      }
      expect(await during).toEqual({ passed: 5, limited: 5, other: [] });
    } finally {
      await exited;
    }
    expect(await send(FROZEN_KEY)).toBe(429);
    expect(await storedHits(FROZEN_KEY)).toBe(LIMIT - 5 + 10 + 1);
  });
});
