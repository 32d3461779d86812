/**
 * The edge shared with api-v1: a plain Error from a dependency is a generic 500 logged with the request
 * id; every request gets one access-log line with its request id and tenant; /readyz reports a broken
 * dependency; and the two rate limits (per client address, per organisation) each answer 429.
 */
import type { Store } from '@askdata/db';
import request from 'supertest';
import { expectProblem } from '../../../test-support/problem-assertions';
import { ASK_PATH, createTestApp, type TestApp } from './support/test-app';

const INTERNAL_DETAIL = 'SQLITE_IOERR at /var/lib/secret-host/app.db';
const body = (orgId: number, conversationId = `edge-${orgId}`) => ({ question: 'How many orders are there?', conversationId, requestContext: { userId: 'u', orgId } });
type LogEntry = Record<string, unknown>;

describe('errors, logging, readiness and rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const logEntries = (): LogEntry[] => t.logLines.map((line) => JSON.parse(line) as LogEntry);

  it('turns a plain Error from the store into a generic 500, logged with the request id', async () => {
    const store = t.testStore.store;
    const broken: Store = { ...store, answers: { ...store.answers, create: () => Promise.reject(new Error(INTERNAL_DETAIL)) } };
    const res = await request(t.rebuild({ store: broken })).post(ASK_PATH).send(body(1));
    expectProblem(res, 500, 'internal');
    expect(JSON.stringify(res.body)).not.toMatch(/SQLITE|secret-host/);
    const logged = logEntries().find((entry) => entry.requestId === res.headers['x-request-id'] && entry.level === 'error');
    expect(JSON.stringify(logged)).toContain('SQLITE_IOERR');
  });

  it('writes one access-log line per request with the request id, keeping a sane incoming one', async () => {
    const res = await request(t.app).post(ASK_PATH).set('X-Request-Id', 'legacy-req-12345').send(body(2));
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('legacy-req-12345');
    const lines = logEntries().filter((entry) => entry.requestId === 'legacy-req-12345' && entry.message === 'request');
    expect(lines).toEqual([expect.objectContaining({ service: 'ask-legacy', method: 'POST', path: ASK_PATH, status: 200, principal: 'legacy', tenantKey: '{"orgId":2}' })]);
  });

  it('answers /readyz with 503 naming the failed check, not why', async () => {
    const store = t.testStore.store;
    const res = await request(t.rebuild({ store: { ...store, ping: () => Promise.reject(new Error('connection refused 10.0.0.5')) } })).get('/readyz');
    expectProblem(res, 503, 'not-ready');
    expect(res.body.checks).toEqual({ store: 'unavailable', dataSource: 'ok', knowledge: 'ok' });
    expect(JSON.stringify(res.body)).not.toContain('10.0.0.5');
  });

  it('limits each client address, before the body is read', async () => {
    let now = new Date('2026-03-15T12:00:10.000Z');
    const app = t.rebuild({ config: { RATE_LIMIT_PER_MINUTE: 3 }, clock: () => now });
    // An empty body is answered by validation (400): cheap, and proves the request got past the limiter.
    const hit = () => request(app).post(ASK_PATH).send({});
    for (let i = 0; i < 3; i += 1) expect((await hit()).status).toBe(400);
    const limited = await hit();
    expectProblem(limited, 429, 'rate-limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    now = new Date(now.getTime() + 2 * 60_000);
    expect((await hit()).status).toBe(400);
  });

  it('tells client addresses apart through trusted proxies only', async () => {
    const clock = () => new Date('2026-03-15T12:00:10.000Z');
    const hit = (app: ReturnType<TestApp['rebuild']>, address: string) => request(app).post(ASK_PATH).set('X-Forwarded-For', address).send({});
    const behindProxy = t.rebuild({ config: { RATE_LIMIT_PER_MINUTE: 1, TRUST_PROXY_HOPS: 1 }, clock });
    expect((await hit(behindProxy, '203.0.113.1')).status).toBe(400);
    expect((await hit(behindProxy, '203.0.113.2')).status).toBe(400);
    expect((await hit(behindProxy, '203.0.113.1')).status).toBe(429);
    // Without trust, a forged X-Forwarded-For does not buy a fresh limit.
    const direct = t.rebuild({ config: { RATE_LIMIT_PER_MINUTE: 1 }, clock });
    expect((await hit(direct, '203.0.113.1')).status).toBe(400);
    expect((await hit(direct, '203.0.113.2')).status).toBe(429);
  });

  it('limits each organisation too, whatever the address', async () => {
    const app = t.rebuild({ config: { RATE_LIMIT_PER_MINUTE: 100, ORG_RATE_LIMIT_PER_MINUTE: 2 }, clock: () => new Date('2026-03-15T12:00:10.000Z') });
    const hit = (orgId: number) => request(app).post(ASK_PATH).send(body(orgId, `edge-rate-${orgId}`));
    expect((await hit(1)).status).toBe(200);
    expect((await hit(1)).status).toBe(200);
    expectProblem(await hit(1), 429, 'rate-limited');
    expect((await hit(2)).status).toBe(200);
    // The string form of requestContext counts against the same organisation.
    const stringForm = await request(app).post(ASK_PATH).send({ ...body(1), requestContext: '{"orgId":1}' });
    expectProblem(stringForm, 429, 'rate-limited');
  });
});
