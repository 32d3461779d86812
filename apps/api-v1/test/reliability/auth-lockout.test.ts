/**
 * Issue 25, item 9: failed API-key attempts are limited per client address. The review sent 400 random
 * keys and got 400 × 401 and 400 store lookups. Now at most AUTH_FAILURES_PER_MINUTE (30) failed
 * attempts per address and minute get their 401; after that the address gets 429 problem+json with
 * Retry-After for every key it presents (a correct one too: otherwise 429 versus 200 would tell a
 * guesser which guess was right), without the key being looked up; another address is not affected.
 * Counted in the store's rate-limit counters (shared by every process; shared-limits tests show that for
 * the counters), on the answer and the admin routes together. A wrong key repeated is looked up once.
 * Behind the replicas' nginx (TRUST_PROXY_HOPS=1) the address is the real client's, and a forged
 * X-Forwarded-For does not change it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey, hashApiKey, keyPrefix, type Store } from '@askdata/db';
import request from 'supertest';
import { startNginx, type RunningNginx } from '../../../../loadtest/replicas/nginx';
import { freePort } from '../../../../test-support/postgres-server';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { listen, type Listening } from '../ecosystem/support/listen';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';
import { TEST_NOW } from '../support/test-deps';

const ANSWER = '/api/v1/conversations/answer';
const randomKey = (): string => `wrong-${randomBytes(16).toString('hex')}`;

let t: TestApp;
let dbKey: string;
beforeAll(async () => {
  t = await createTestApp();
  dbKey = generateApiKey();
  await t.testStore.store.apiKeys.create({ name: 'lockout test', keyHash: hashApiKey(dbKey), prefix: keyPrefix(dbKey) });
});
afterAll(async () => {
  await t?.close();
});

/** The real store, its key lookups counted (every call still goes to the store). */
function countingLookups(store: Store): { store: Store; lookups: () => number } {
  let lookups = 0;
  const apiKeys = { ...store.apiKeys, findActiveByHash: (keyHash: string) => ((lookups += 1), store.apiKeys.findActiveByHash(keyHash)) };
  return { store: { ...store, apiKeys }, lookups: () => lookups };
}

let now = TEST_NOW.getTime();
/** A fresh app (fresh limit counts) behind one trusted proxy, with its own clock. */
function appBehindProxy(store: Store = t.testStore.store) {
  return t.rebuild({ store, config: { TRUST_PROXY_HOPS: 1 }, clock: () => new Date(now) });
}

describe('failed API-key attempts per client address', () => {
  it('answers 400 random keys with 30 × 401, then 429 problem+json with Retry-After, looking up only those 30', async () => {
    const { store, lookups } = countingLookups(t.testStore.store);
    const app = appBehindProxy(store);
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 400; i += 1) {
      last = await request(app).post(ANSWER).set('X-Forwarded-For', '203.0.113.7').set(...auth(randomKey())).send({});
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(370).fill(429));
    expectProblem(last as request.Response, 429, 'rate-limited');
    expect((last as request.Response).headers['retry-after']).toBe('60');
    expect((last as request.Response).body.detail).toMatch(/failed attempts with API keys or tokens/);
    expect(lookups()).toBe(30);
  });

  it('refuses a correct key from the locked-out address too, not from another address, until the minute ends', async () => {
    const app = appBehindProxy();
    const from = (address: string) => ({ post: (key: string) => request(app).post(ANSWER).set('X-Forwarded-For', address).set(...auth(key)).send({}) });
    for (let i = 0; i < 30; i += 1) expect((await from('198.51.100.1').post(randomKey())).status).toBe(401);
    now += 20_000;
    const envKey = await from('198.51.100.1').post(ENV_KEY);
    expectProblem(envKey, 429, 'rate-limited');
    expect(envKey.headers['retry-after']).toBe('40');
    expect((await from('198.51.100.1').post(dbKey)).status).toBe(429);
    // Another address with the same keys: validation's 400, so past auth and the limiter.
    expect((await from('198.51.100.2').post(ENV_KEY)).status).toBe(400);
    expect((await from('198.51.100.2').post(dbKey)).status).toBe(400);
    now += 40_000;
    expect((await from('198.51.100.1').post(ENV_KEY)).status).toBe(400);
  });

  it('counts the admin routes and the answer routes together', async () => {
    const app = appBehindProxy();
    for (let i = 0; i < 15; i += 1) expect((await request(app).get('/api/v1/admin/vocabulary').set('X-Forwarded-For', '192.0.2.9').set(...auth(randomKey()))).status).toBe(401);
    for (let i = 0; i < 15; i += 1) expect((await request(app).post(ANSWER).set('X-Forwarded-For', '192.0.2.9').set(...auth(randomKey())).send({})).status).toBe(401);
    expect((await request(app).get('/api/v1/admin/vocabulary').set('X-Forwarded-For', '192.0.2.9').set(...auth(randomKey()))).status).toBe(429);
  });

  it('does not count a missing or malformed header (nothing was guessed)', async () => {
    const app = appBehindProxy();
    for (let i = 0; i < 40; i += 1) expect((await request(app).post(ANSWER).set('X-Forwarded-For', '192.0.2.10').send({})).status).toBe(401);
    for (let i = 0; i < 40; i += 1) expect((await request(app).post(ANSWER).set('X-Forwarded-For', '192.0.2.10').set('Authorization', 'Basic abc').send({})).status).toBe(400);
    expect((await request(app).post(ANSWER).set('X-Forwarded-For', '192.0.2.10').set(...auth(ENV_KEY)).send({})).status).toBe(400);
  });

  it('looks a wrong key that is sent again up once', async () => {
    const { store, lookups } = countingLookups(t.testStore.store);
    const app = appBehindProxy(store);
    const wrong = randomKey();
    for (let i = 0; i < 20; i += 1) expect((await request(app).post(ANSWER).set('X-Forwarded-For', '192.0.2.11').set(...auth(wrong)).send({})).status).toBe(401);
    expect(lookups()).toBe(1);
    // A found key is never remembered: revoking it takes effect on its next request.
    const key = generateApiKey();
    const record = await t.testStore.store.apiKeys.create({ name: 'revoked soon', keyHash: hashApiKey(key), prefix: keyPrefix(key) });
    expect((await request(app).post(ANSWER).set('X-Forwarded-For', '192.0.2.12').set(...auth(key)).send({})).status).toBe(400);
    await t.testStore.store.apiKeys.revoke(record.id);
    expect((await request(app).post(ANSWER).set('X-Forwarded-For', '192.0.2.12').set(...auth(key)).send({})).status).toBe(401);
  });

  it('without a trusted proxy, a forged X-Forwarded-For does not buy a fresh address', async () => {
    const app = t.rebuild({ config: { TRUST_PROXY_HOPS: 0 }, clock: () => new Date(now) });
    for (let i = 0; i < 30; i += 1) expect((await request(app).post(ANSWER).set('X-Forwarded-For', `10.0.0.${i}`).set(...auth(randomKey())).send({})).status).toBe(401);
    expect((await request(app).post(ANSWER).set('X-Forwarded-For', '10.0.1.1').set(...auth(ENV_KEY)).send({})).status).toBe(429);
  });
});

describe('behind the replicas\' nginx (TRUST_PROXY_HOPS=1)', () => {
  let server: Listening;
  let nginx: RunningNginx;
  let dir: string;
  beforeAll(async () => {
    server = await listen(appBehindProxy());
    dir = mkdtempSync(join(tmpdir(), 'askdata-lockout-nginx-'));
    mkdirSync(join(dir, 'nginx'));
    const { port } = new URL(server.baseUrl);
    nginx = await startNginx(join(dir, 'nginx'), await freePort(), { apiV1: [`127.0.0.1:${port}`], legacy: `127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await nginx?.stop();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A request through nginx from a client bound to `localAddress` (any 127.x address is this machine). */
  function post(localAddress: string, key: string, forwardedFor?: string): Promise<number> {
    const url = new URL(`${nginx.url}${ANSWER}`);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
  }

  it('locks out the client nginx saw, whatever X-Forwarded-For it forges, and no other client', async () => {
    for (let i = 0; i < 30; i += 1) expect(await post('127.0.0.2', randomKey(), `203.0.113.${i}`)).toBe(401);
    expect(await post('127.0.0.2', ENV_KEY, '203.0.113.200')).toBe(429);
    expect(await post('127.0.0.3', ENV_KEY)).toBe(400);
  });
});
