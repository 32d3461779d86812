/**
 * The hostile-input suite against api-v1 (the same catalogue runs against ask-legacy): every input ends
 * as a 4xx problem+json or an honest 200 answer — never a 5xx, a stack trace or a hang — and any answer
 * that comes back holds only the caller's organisation's data, checked by direct SQL.
 */
import request from 'supertest';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';
import { hostileCases, traversalIds, type HostileCase } from '../../../../test-support/hostile/hostile-catalogue';
import { recordOutcome } from '../../../../test-support/hostile/outcomes';
import { expectSafe } from '../../../../test-support/hostile/safe-response';
import { createLeakChecker, type LeakChecker } from '../../../../test-support/hostile/tenant-leak-check';

const ANSWER = '/api/v1/conversations/answer';
const KEYS: Record<string, string> = { question: 'question', context: 'context', extra: 'extra' };

let t: TestApp;
let leaks: LeakChecker;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_PER_MINUTE: 100_000 } });
  leaks = createLeakChecker(testWarehousePath());
});
afterAll(async () => {
  await t?.close();
});

function v1Body(c: HostileCase): string {
  return `{${c.fields.map(([role, value]) => `${JSON.stringify(KEYS[role])}:${value}`).join(',')}}`;
}

describe('api-v1 hostile inputs', () => {
  it.each(hostileCases.map((c) => [`${c.category}: ${c.label}`, c] as const))('%s', async (_title, c) => {
    const res = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).set('Content-Type', 'application/json').timeout(15_000).send(v1Body(c));
    const outcome = expectSafe(res);
    recordOutcome('api-v1', c.category, c.label, outcome);
    if (res.status === 200) {
      expect(c.org).not.toBeNull();
      expect(leaks.leaksIn(res.body, c.org ?? 0)).toEqual([]);
    }
    if (c.org === null) expect(res.status).toBeGreaterThanOrEqual(400);
  });

  it.each(traversalIds)('path traversal in ids is a 404: %s', async (id) => {
    const feedback = await request(t.app).post(`${ANSWER}/${id}/feedback`).set(...auth(ENV_KEY)).send({ rating: 'positive' });
    expect(expectSafe(feedback)).toMatch(/^404 /);
    const patch = await request(t.app).patch(`${ANSWER}/ans_x/feedback/${id}`).set(...auth(ENV_KEY)).send({ rating: 'positive' });
    expect(expectSafe(patch)).toMatch(/^404 /);
    const conversation = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: 'How many orders are there?', context: { orgId: 1 }, conversationId: decodeURIComponent(id.replace(/%(?![0-9a-f]{2})/gi, '%25')) });
    expect(expectSafe(conversation)).toMatch(/^404 /);
    recordOutcome('api-v1', 'path traversal in ids', id.slice(0, 40), '404 not-found');
  });

  it('the leak check can fail: organisation 2\'s products are flagged for an organisation 1 caller', async () => {
    const res = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: 'list all products', context: { orgId: 2 } });
    expect(res.status).toBe(200);
    expect(leaks.leaksIn(res.body, 2)).toEqual([]);
    expect(leaks.leaksIn(res.body, 1).length).toBeGreaterThan(0);
  });

  it('keeps answering normally after the whole catalogue', async () => {
    const res = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: 'How many orders are there?', context: { orgId: 1 } });
    expect(res.status).toBe(200);
    expect(leaks.leaksIn(res.body, 1)).toEqual([]);
  });
});
