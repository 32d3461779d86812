/**
 * One v1 request resolves the caller's context into a tenant scope once (at the route, the edge) and
 * validates its plan once, whatever the path: a new conversation, a follow-up, a declined question.
 * Counted through core's diagnostics channels while the real app answers.
 */
import request from 'supertest';
import { countPipelineEvents } from '../../../test-support/pipeline-events';
import { auth, createTestApp, ENV_KEY, type TestApp } from './support/test-app';

const ANSWER = '/api/v1/conversations/answer';

describe('api-v1: context resolved once, plan validated once, per request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ask = (body: object) => countPipelineEvents(() => request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send(body).then((res) => res));

  it('a question that starts a conversation, and its follow-up', async () => {
    const first = await ask({ question: 'Revenue by category last month', context: { orgId: 1, userId: 'u-1' } });
    expect(first.result.status).toBe(200);
    expect(first.counts).toEqual({ tenantScopes: 1, planValidations: 1 });
    const followUp = await ask({ question: 'and by month?', context: { orgId: 1 }, conversationId: first.result.body.conversationId });
    expect(followUp.result.status).toBe(200);
    expect(followUp.counts).toEqual({ tenantScopes: 1, planValidations: 1 });
  });

  it('a question the planner declines: one resolution, nothing to validate', async () => {
    const declined = await ask({ question: 'what is the weather in Paris', context: { orgId: 1 } });
    expect(declined.result.status).toBe(200);
    expect(declined.counts).toEqual({ tenantScopes: 1, planValidations: 0 });
  });

  it('a missing tenant value stops the request before any scope exists', async () => {
    const missing = await ask({ question: 'Revenue by category last month', context: {} });
    expect(missing.result.status).toBe(400);
    expect(missing.result.body.type).toMatch(/context-missing$/);
    expect(missing.counts).toEqual({ tenantScopes: 0, planValidations: 0 });
  });
});
