/**
 * The hostile-input suite against ask-legacy: the catalogue api-v1 runs, mapped onto the legacy body
 * ({question, conversationId, requestContext}), plus caller-chosen conversation ids that try path
 * traversal. Every input ends as a 4xx problem+json or an honest 200 answer — never a 5xx, a stack trace
 * or a hang — and any answer holds only the caller's organisation's data, checked by direct SQL.
 */
import request from 'supertest';
import { hostileCases, traversalIds, type HostileCase } from '../../../../test-support/hostile/hostile-catalogue';
import { recordOutcome } from '../../../../test-support/hostile/outcomes';
import { expectSafe } from '../../../../test-support/hostile/safe-response';
import { createLeakChecker, type LeakChecker } from '../../../../test-support/hostile/tenant-leak-check';
import { loadConfig } from '../../src/config';
import { ASK_PATH, createTestApp, type TestApp } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';

const KEYS = { question: 'question', context: 'requestContext', extra: 'extra' } as const;

let t: TestApp;
let leaks: LeakChecker;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_PER_MINUTE: 100_000, ORG_RATE_LIMIT_PER_MINUTE: 100_000 } });
  leaks = createLeakChecker(testWarehousePath());
});
afterAll(async () => {
  await t?.close();
});

function legacyBody(c: HostileCase, index: number): string {
  const fields = c.fields.map(([role, value]) => `${JSON.stringify(KEYS[role])}:${value}`);
  return `{"conversationId":"hostile-${index}",${fields.join(',')}}`;
}

describe('ask-legacy hostile inputs', () => {
  it.each(hostileCases.map((c, index) => [`${c.category}: ${c.label}`, c, index] as const))('%s', async (_title, c, index) => {
    const res = await request(t.app).post(ASK_PATH).set('Content-Type', 'application/json').timeout(15_000).send(legacyBody(c, index));
    const outcome = expectSafe(res);
    recordOutcome('ask-legacy', c.category, c.label, outcome);
    if (res.status === 200) {
      expect(c.org).not.toBeNull();
      expect(leaks.leaksIn(res.body, c.org ?? 0)).toEqual([]);
    }
    if (c.org === null) expect(res.status).toBeGreaterThanOrEqual(400);
  });

  it.each(traversalIds)('a conversation id that tries path traversal is refused with 400: %s', async (id) => {
    const res = await request(t.app).post(ASK_PATH).send({ question: 'How many orders are there?', conversationId: id, requestContext: { orgId: 1 } });
    expect(expectSafe(res)).toBe('400 validation-failed');
    recordOutcome('ask-legacy', 'path traversal in ids', id.slice(0, 40), '400 validation-failed');
  });

  it('requestContext as a string holding injected JSON is parsed, not executed', async () => {
    const res = await request(t.app).post(ASK_PATH).send({ question: 'How many orders are there?', conversationId: 'c-1', requestContext: '{"orgId":"1 OR 1=1"}' });
    expect(expectSafe(res)).toBe('400 context-invalid');
    const ok = await request(t.app).post(ASK_PATH).send({ question: 'list all products', conversationId: 'c-2', requestContext: '{"orgId":3}' });
    expect(ok.status).toBe(200);
    expect(leaks.leaksIn(ok.body, 3)).toEqual([]);
    expect(leaks.leaksIn(ok.body, 1).length).toBeGreaterThan(0);
  });
});

describe('ask-legacy default rate limits', () => {
  it('stops a burst of 1,000 requests in a minute from one address', async () => {
    const defaults = loadConfig({});
    const app = t.rebuild({ config: { RATE_LIMIT_PER_MINUTE: defaults.RATE_LIMIT_PER_MINUTE, ORG_RATE_LIMIT_PER_MINUTE: defaults.ORG_RATE_LIMIT_PER_MINUTE, TRUST_PROXY_HOPS: 1 } });
    const burst = async (forwardedFor: () => string, body: object): Promise<number[]> => {
      const statuses: number[] = [];
      for (let batch = 0; batch < 20; batch += 1) {
        const responses = await Promise.all(Array.from({ length: 50 }, () => request(app).post(ASK_PATH).set('X-Forwarded-For', forwardedFor()).send(body)));
        statuses.push(...responses.map((res) => res.status));
      }
      return statuses;
    };
    // One address, invalid bodies (no query cost): the per-address limit.
    const byAddress = await burst(() => '203.0.113.7', {});
    expect(byAddress.filter((s) => s === 400)).toHaveLength(defaults.RATE_LIMIT_PER_MINUTE);
    expect(byAddress.filter((s) => s === 429)).toHaveLength(1000 - defaults.RATE_LIMIT_PER_MINUTE);
    // The per-organisation limit counts per (address, organisation), so it cannot lock an organisation out: limit-model.test.ts.
  }, 60_000);
});
