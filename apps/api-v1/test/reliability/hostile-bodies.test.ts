/** Byte-level hostile bodies (nesting, Content-Encoding) against POST /api/v1/conversations/answer. */
import request from 'supertest';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';
import { describeBodySuite } from '../../../../test-support/hostile/body-cases';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_PER_MINUTE: 100_000 } });
});
afterAll(async () => {
  await t?.close();
});

describe('api-v1 hostile bodies', () => {
  describeBodySuite(() => ({
    post: (bytes, headers) => request(t.app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).set(headers).serialize((raw: unknown) => raw as string).send(bytes),
    body: (contextJson) => `{"question":"How many orders are there?","context":${contextJson}}`,
    storedAnswers: () => t.testStore.store.answers.count(),
  }));
});
