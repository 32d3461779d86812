/** The reading cases (Unicode, the value oracle, absurd numbers) through POST /api/v1/conversations/answer. */
import request from 'supertest';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';
import { describeReadingSuite } from '../../../../test-support/hostile/reading-cases';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_PER_MINUTE: 100_000 } });
});
afterAll(async () => {
  await t?.close();
});

describe('api-v1 reading hostile words', () => {
  describeReadingSuite(async (question, orgId) => {
    const res = await request(t.app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question, context: { orgId } });
    expect(res.status).toBe(200);
    return String(res.body.message);
  });
});
