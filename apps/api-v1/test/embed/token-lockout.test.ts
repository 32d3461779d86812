/**
 * Failed tenant tokens count toward the per-address lockout that failed API keys have (issue 25, item 9):
 * a bad token and a bad key are both a failed credential, in one count per client address, on /api/v1 and
 * /mcp alike. Past AUTH_FAILURES_PER_MINUTE the address gets 429 with Retry-After for any credential,
 * a valid token or key included, before it is verified; another address is not affected.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';
import { createStoreKey, hs256Token, OTHER_SECRET, tokenConfig } from './support/tokens';

const ANSWER = '/api/v1/conversations/answer';

let t: TestApp;
let owner: { id: string; key: string };
beforeAll(async () => {
  t = await createTestApp({ config: await tokenConfig() });
  owner = await createStoreKey(t.testStore.store);
});
afterAll(() => t?.close());

// The real time: the app's clock also checks the tokens' iat and exp, which are signed with Date.now().
let now = Date.now();
/** A fresh app (fresh counts) behind one trusted proxy, with its own clock. */
const appBehindProxy = () => t.rebuild({ config: { TRUST_PROXY_HOPS: 1 }, clock: () => new Date(now) });
const forged = () => hs256Token({ keyId: owner.id, context: { orgId: 1 }, secret: OTHER_SECRET });

describe('failed tenant tokens per client address', () => {
  it('answers 30 forged tokens with 401, then 429 with Retry-After, a valid token and key from that address too', async () => {
    const app = appBehindProxy();
    const from = (address: string, credential: string) => request(app).post(ANSWER).set('X-Forwarded-For', address).set(...auth(credential)).send({ question: 'How many orders are there?' });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await from('203.0.113.9', await forged())).status);
    expect(statuses).toEqual(Array(30).fill(401));
    const locked = await from('203.0.113.9', await forged());
    expectProblem(locked, 429, 'rate-limited');
    expect(locked.headers['retry-after']).toBe('60');
    expect(locked.body.detail).toMatch(/failed attempts with API keys or tokens/);
    const valid = await hs256Token({ keyId: owner.id, context: { orgId: 1 } });
    expectProblem(await from('203.0.113.9', valid), 429, 'rate-limited');
    expectProblem(await from('203.0.113.9', ENV_KEY), 429, 'rate-limited');
    // Another address with the same valid token is answered.
    expect((await from('198.51.100.9', valid)).status).toBe(200);
  });

  it('counts bad keys and bad tokens together, and the lockout ends with the minute', async () => {
    const app = appBehindProxy();
    const post = (credential: string) => request(app).post(ANSWER).set('X-Forwarded-For', '192.0.2.44').set(...auth(credential)).send({});
    for (let i = 0; i < 15; i += 1) expect((await post(`wrong-${randomBytes(16).toString('hex')}`)).status).toBe(401);
    for (let i = 0; i < 15; i += 1) expect((await post(await forged())).status).toBe(401);
    expectProblem(await post(await forged()), 429, 'rate-limited');
    now += 60_000;
    expect((await post(await forged())).status).toBe(401);
  });

  it('locks the address out of /mcp too', async () => {
    const app = appBehindProxy();
    const mcp = (credential: string) =>
      request(app).post('/mcp').set('X-Forwarded-For', '192.0.2.77').set('Accept', 'application/json, text/event-stream').set(...auth(credential)).send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    for (let i = 0; i < 30; i += 1) expect((await mcp(await forged())).status).toBe(401);
    expectProblem(await mcp(await forged()), 429, 'rate-limited');
  });
});
