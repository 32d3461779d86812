/**
 * The limiter on real counters: a fresh SQLite store's rate-limit table (packages/db), through a small
 * Express app with the real error handler. The model is express-rate-limit's fixed window per key, which
 * starts at the key's first request; the old in-memory limiter's sliding-window weighting is gone, so the
 * test of it became the window tests below. Across real processes: apps/api-v1/test/reliability/shared-limits.test.ts
 * and apps/ask-legacy/test/hostile/shared-limits.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@askdata/db';
import express, { type Express } from 'express';
import request from 'supertest';
import { errorHandler } from './error-handler';
import { createLogger, createMemoryTransport } from './logger';
import { addressKey, rateLimit, type SharedWindowCounters } from './rate-limit';
import { requestId } from './request-id';

let dir: string;
let store: Store;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-rate-limit-'));
  store = await openStore(`file:${join(dir, 'app.db')}`);
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

let names = 0;
/** An app limited by `limit` per minute per `?key=`; a fresh limiter name each time, so counts start at zero. */
function limitedApp(limit: number, clock: () => number, counters: SharedWindowCounters = store.rateLimits) {
  const { transport, lines } = createMemoryTransport();
  const logger = createLogger({ level: 'debug', service: 'test', secrets: [], transports: [transport] });
  const app: Express = express();
  app.use(requestId({ logger }));
  const keyOf = (res: express.Response) => (typeof res.req.query.key === 'string' ? res.req.query.key : null);
  app.use(rateLimit({ name: `unit-${(names += 1)}`, limit, windowMs: 60_000, keyOf, counters, logger, clock }));
  app.get('/x', (_req, res) => {
    res.json({ ok: true });
  });
  app.use(errorHandler({ logger }));
  return { app, lines, hit: (key?: string) => request(app).get(key === undefined ? '/x' : `/x?key=${encodeURIComponent(key)}`) };
}

describe('rateLimit on the store\'s counters', () => {
  it('allows `limit` requests per window and key, then 429 problem+json with Retry-After until the window ends', async () => {
    let now = 1_000_000;
    const { hit } = limitedApp(3, () => now);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await hit('a')).status);
    expect(statuses).toEqual([200, 200, 200]);
    now += 15_000;
    const limited = await hit('a');
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.body).toMatchObject({ status: 429, retryAfterSeconds: 45 });
    expect(limited.headers['retry-after']).toBe('45');
    expect(limited.headers['ratelimit-limit']).toBe('3');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect((await hit('b')).status).toBe(200);
  });

  it('starts a new window at the first request after the last one ended, not on the clock\'s minute', async () => {
    let now = 59_000;
    const { hit } = limitedApp(10, () => now);
    for (let i = 0; i < 10; i += 1) expect((await hit('a')).status).toBe(200);
    // 61 s: a fixed minute would have rolled over at 60 s; this window runs to 119 s.
    now = 61_000;
    expect((await hit('a')).status).toBe(429);
    now = 118_999;
    expect((await hit('a')).status).toBe(429);
    now = 119_000;
    const fresh = await hit('a');
    expect(fresh.status).toBe(200);
    expect(fresh.headers['ratelimit-remaining']).toBe('9');
  });

  it('stops a burst of 1,000 requests within a minute at exactly the limit', async () => {
    let now = 5_000_000;
    const { hit } = limitedApp(120, () => now);
    let allowed = 0;
    for (let batch = 0; batch < 20; batch += 1) {
      now += 2_900;
      const statuses = await Promise.all(Array.from({ length: 50 }, () => hit('k').then((res) => res.status)));
      allowed += statuses.filter((status) => status === 200).length;
    }
    expect(allowed).toBe(120);
  });

  it('does not count a request without a key', async () => {
    const { hit } = limitedApp(1, () => 0);
    for (let i = 0; i < 3; i += 1) expect((await hit()).status).toBe(200);
  });

  it('keeps a long key as its hash, still counted per key', async () => {
    const { hit } = limitedApp(1, () => 7_000_000);
    const long = (c: string) => c.repeat(5000);
    expect((await hit(long('x'))).status).toBe(200);
    expect((await hit(long('x'))).status).toBe(429);
    expect((await hit(long('y'))).status).toBe(200);
  });

  it('counts in the process when the counters fail (fail open, but bounded), and logs one warning, not an error', async () => {
    const broken = await openStore(`file:${join(dir, 'closed.db')}`);
    await broken.close();
    // The real SQLite counters, their connection closed: every hit now throws.
    const { hit, lines } = limitedApp(2, () => 0, broken.rateLimits);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await hit('a')).status);
    // Still the limit per key (was: every request passed uncounted), and a store failure is never a 500.
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect((await hit('b')).status).toBe(200);
    const warnings = lines.filter((line) => line.includes('counting in this process'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"level":"warn"');
    expect(lines.some((line) => line.includes('"level":"error"'))).toBe(false);
  });

  it('keys a client address as it is for IPv4 (also IPv4-mapped IPv6), and by its /56 for IPv6', async () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:abcd:12::1')).toBe(addressKey('2001:db8:abcd:ff:1:2:3:4'));
    expect(addressKey('2001:db8:abcd:12::1')).not.toBe(addressKey('2001:db8:abcd:100::1'));
    // Rotating addresses inside one /56 buys no fresh limit.
    const { hit } = limitedApp(1, () => 9_000_000);
    expect((await hit(addressKey('2001:db8:abcd:12::1'))).status).toBe(200);
    expect((await hit(addressKey('2001:db8:abcd:34::99'))).status).toBe(429);
  });

  it('checks its options at start-up', () => {
    const logger = createLogger({ level: 'error', service: 'test', secrets: [], transports: [createMemoryTransport().transport] });
    const base = { name: 'x', windowMs: 1000, keyOf: () => null, counters: store.rateLimits, logger };
    expect(() => rateLimit({ ...base, limit: 0 })).toThrow(/limit/);
    expect(() => rateLimit({ ...base, limit: 1, windowMs: -1 })).toThrow(/windowMs/);
    expect(() => rateLimit({ ...base, limit: 1, name: 'Bad Name' })).toThrow(/name/);
  });
});
