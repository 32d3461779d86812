/**
 * Issue 25, item 10, through the real v1 API: a context holding a "__proto__" key. JSON.parse makes it an
 * own key and zod's record parsing dropped it, so `{"context": {"__proto__": {"orgId": 1}}}` on a
 * vocabulary entry became a context of no keys: a word taught for every tenant (201, context null). Every
 * place that parses a context now refuses the key by name. Bodies are sent as raw JSON text: a JavaScript
 * object literal with "__proto__" would set a prototype before anything is sent.
 */
import request from 'supertest';
import { expectProblem, issuePaths } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const ANSWER = '/api/v1/conversations/answer';
const ADMIN = '/api/v1/admin';
const PROTO_CONTEXT = '{"__proto__":{"orgId":1}}';

describe('a "__proto__" key in a context (issue 25, item 10)', () => {
  let t: TestApp;
  const post = (path: string, key: string, body: string) => request(t.app).post(path).set(...auth(key)).set('Content-Type', 'application/json').send(body);
  const notATenancyKey = (res: request.Response, path: string): void => {
    expectProblem(res, 400, 'validation-failed');
    expect(issuePaths(res)).toEqual([path]);
    expect((res.body.issues as Array<{ message: string }>)[0]!.message).toMatch(/is not a tenancy key/);
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { ADMIN_API_KEYS: [ADMIN_KEY] } });
  });
  afterAll(() => t.close());

  it('a vocabulary entry is refused, and no word is taught for every tenant', async () => {
    const res = await post(`${ADMIN}/vocabulary`, ADMIN_KEY, `{"term":"gizmo","means":"orders.revenue","context":${PROTO_CONTEXT}}`);
    notATenancyKey(res, 'body.context.__proto__');
    const list = await request(t.app).get(`${ADMIN}/vocabulary`).set(...auth(ADMIN_KEY));
    expect((list.body.items as Array<{ term: string }>).map((e) => e.term)).not.toContain('gizmo');
    const asked = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: 'gizmo last month', context: { orgId: 2 } });
    expect(asked.body.message).toMatch(/did not understand "gizmo"/);
  });

  it('a verified question is refused', async () => {
    const plan = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }] };
    const res = await post(`${ADMIN}/verified-questions`, ADMIN_KEY, `{"question":"gizmo takings","plan":${JSON.stringify(plan)},"context":${PROTO_CONTEXT}}`);
    notATenancyKey(res, 'body.context.__proto__');
  });

  it('the review queue filter is refused', async () => {
    const res = await request(t.app).get(`${ADMIN}/review?context.__proto__=1`).set(...auth(ADMIN_KEY));
    notATenancyKey(res, 'query.context.__proto__');
  });

  it('an answer request is refused, beside a real orgId or alone', async () => {
    notATenancyKey(await post(ANSWER, ENV_KEY, `{"question":"How many orders are there?","context":{"orgId":1,"__proto__":{"orgId":2,"isAdmin":true}}}`), 'body.context.__proto__');
    notATenancyKey(await post(ANSWER, ENV_KEY, `{"question":"How many orders are there?","context":${PROTO_CONTEXT}}`), 'body.context.__proto__');
  });

  it('the history filter is refused', async () => {
    const res = await request(t.app).get('/api/v1/conversations?context.orgId=1&context[__proto__]=2').set(...auth(ENV_KEY));
    notATenancyKey(res, 'query.context[__proto__]');
  });
});
