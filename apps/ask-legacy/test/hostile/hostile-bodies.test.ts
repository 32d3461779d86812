/** Byte-level hostile bodies (nesting, Content-Encoding) against POST /ask, which needs no key by default. */
import request from 'supertest';
import { describeBodySuite } from '../../../../test-support/hostile/body-cases';
import { expectSafe } from '../../../../test-support/hostile/safe-response';
import { ASK_PATH, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_PER_MINUTE: 100_000, ORG_RATE_LIMIT_PER_MINUTE: 100_000 } });
});
afterAll(async () => {
  await t?.close();
});

describe('ask-legacy hostile bodies', () => {
  describeBodySuite(() => ({
    post: (bytes, headers) => request(t.app).post(ASK_PATH).set(headers).serialize((raw: unknown) => raw as string).send(bytes),
    body: (contextJson) => `{"question":"How many orders are there?","conversationId":"bodies","requestContext":${contextJson}}`,
    storedAnswers: () => t.testStore.store.answers.count(),
  }));

  it('refuses a requestContext string holding JSON nested 2,200 deep with a 400', async () => {
    const requestContext = `{"orgId":1,"deep":${'['.repeat(2200)}${']'.repeat(2200)}}`;
    const res = await request(t.app).post(ASK_PATH).send({ question: 'How many orders are there?', conversationId: 'deep-string', requestContext });
    expect(expectSafe(res)).toBe('400 validation-failed');
    expect(JSON.stringify(res.body.issues)).toContain('32 levels');
  });
});
