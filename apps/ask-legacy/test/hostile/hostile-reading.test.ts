/** The reading cases (Unicode, the value oracle, absurd numbers) through POST /ask. */
import request from 'supertest';
import { describeReadingSuite } from '../../../../test-support/hostile/reading-cases';
import { ASK_PATH, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let turn = 0;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_PER_MINUTE: 100_000, ORG_RATE_LIMIT_PER_MINUTE: 100_000 } });
});
afterAll(async () => {
  await t?.close();
});

describe('ask-legacy reading hostile words', () => {
  describeReadingSuite(async (question, orgId) => {
    turn += 1;
    const res = await request(t.app).post(ASK_PATH).send({ question, conversationId: `reading-${turn}`, requestContext: { orgId } });
    expect(res.status).toBe(200);
    return String(res.body.message);
  });
});
