/**
 * One /ask request resolves requestContext into a tenant scope once (while parsing: the per-organisation
 * limit needs its key) and hands that same scope to the conversation flow, which validates the plan
 * once. Counted through core's diagnostics channels while the real app answers.
 */
import request from 'supertest';
import { countPipelineEvents } from '../../../test-support/pipeline-events';
import { ASK_PATH, createTestApp, type TestApp } from './support/test-app';

describe('ask-legacy: context resolved once, plan validated once, per request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ask = (body: object) => countPipelineEvents(() => request(t.app).post(ASK_PATH).send(body).then((res) => res));

  it('a new conversation and its continuation, with the object and the string form of requestContext', async () => {
    const first = await ask({ question: 'Revenue by category last month', conversationId: 'once-1', requestContext: { userId: 'u-1', orgId: 1 } });
    expect(first.result.status).toBe(200);
    expect(first.counts).toEqual({ tenantScopes: 1, planValidations: 1 });
    const next = await ask({ question: 'and by month?', conversationId: 'once-1', requestContext: JSON.stringify({ userId: 'u-1', orgId: 1 }) });
    expect(next.result.status).toBe(200);
    expect(next.counts).toEqual({ tenantScopes: 1, planValidations: 1 });
  });

  it('a missing orgId is a 400 before any scope exists', async () => {
    const missing = await ask({ question: 'Revenue by category last month', conversationId: 'once-2', requestContext: { userId: 'u-1' } });
    expect(missing.result.status).toBe(400);
    expect(missing.counts).toEqual({ tenantScopes: 0, planValidations: 0 });
  });
});
