/**
 * The OpenAPI document of api-v1 is the app's own zod schemas, and the running app keeps its promises:
 * - each component and request body equals z.toJSONSchema of the schema the app validates/emits with;
 * - every documented operation is really routed (it answers 401 without a key, never 404);
 * - real responses (answers of each shape, feedback create/update, explain, 400/401/404 problems)
 *   satisfy the document's schemas for their status and content type (json-schema-check, itself tested).
 */
import { answerBodySchema, checkResponse, createFeedbackBodySchema, explanationSchema, feedbackSchema, problemSchema, toJsonSchema, updateFeedbackBodySchema, v1AnswerVariants, type HttpMethod, type OpenApiDocument } from '@askdata/contract';
import request, { type Response } from 'supertest';
import { auth, createTestApp, ENV_KEY, OTHER_ENV_KEY, type TestApp } from '../support/test-app';
import { CONTEXT, QUESTIONS } from './support/questions';

const ANSWER = '/api/v1/conversations/answer';
const FEEDBACK = '/api/v1/conversations/answer/{answerId}/feedback';
const FEEDBACK_ITEM = '/api/v1/conversations/answer/{answerId}/feedback/{feedbackId}';
const EXPLAIN = '/api/v1/conversations/answer/{answerId}/explain';

describe('api-v1 OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await request(t.app).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    document = res.body as OpenApiDocument;
  });
  afterAll(() => t.close());

  /** Asserts that `res` is a documented response of `method path` and satisfies its schema. */
  function expectDocumented(method: HttpMethod, path: string, res: Response): void {
    const issues = checkResponse(document, { path, method, status: res.status, contentType: res.headers['content-type'], body: res.body });
    expect(issues).toEqual([]);
  }

  it('is OpenAPI 3.1 with bearer security, served without a key', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes).toEqual({ bearerKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    expect(document.security).toEqual([{ bearerKey: [] }]);
    const admin = ['/api/v1/admin/audit', '/api/v1/admin/cache/invalidate', '/api/v1/admin/model-elements', '/api/v1/admin/readings', '/api/v1/admin/readings/accept', '/api/v1/admin/readings/reject', '/api/v1/admin/review', '/api/v1/admin/verified-questions', '/api/v1/admin/verified-questions/preview', '/api/v1/admin/verified-questions/{id}', '/api/v1/admin/vocabulary', '/api/v1/admin/vocabulary/{id}'];
    expect(Object.keys(document.paths).sort()).toEqual([ANSWER, EXPLAIN, FEEDBACK, FEEDBACK_ITEM, '/api/v1/conversations', '/api/v1/conversations/{conversationId}', '/healthz', '/readyz', ...admin].sort());
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('generates every schema from the zod schema the app uses (no copy that could drift)', () => {
    const { schemas } = document.components;
    // The document adds prose (a description) to these two; everything else is the generated schema.
    const withoutDescription = ({ description: _prose, ...schema }: Record<string, unknown> = {}) => schema;
    // Answer is one schema per type, told apart by `type`; each generated from the contract's zod schema.
    expect(schemas.Answer?.oneOf).toEqual(['TextAnswer', 'ChartAnswer', 'TableAnswer'].map((name) => ({ $ref: `#/components/schemas/${name}` })));
    expect(schemas.Answer?.discriminator).toEqual(expect.objectContaining({ propertyName: 'type' }));
    for (const [name, schema] of Object.entries(v1AnswerVariants)) expect(schemas[name]).toEqual(toJsonSchema(schema, { io: 'output' }));
    // The PATCH body says "at least one field", as the server checks.
    expect(document.paths[FEEDBACK_ITEM]?.patch?.requestBody?.content['application/json']?.schema.minProperties).toBe(1);
    expect(withoutDescription(schemas.Feedback)).toEqual(toJsonSchema(feedbackSchema, { io: 'output' }));
    expect(schemas.Explanation).toEqual(toJsonSchema(explanationSchema, { io: 'output' }));
    expect(schemas.Problem).toEqual(toJsonSchema(problemSchema, { io: 'output' }));
    const bodyOf = (path: string, method: HttpMethod) => document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
    expect(bodyOf(ANSWER, 'post')).toEqual(toJsonSchema(answerBodySchema(t.config.MAX_QUESTION_LENGTH), { io: 'input' }));
    expect(bodyOf(FEEDBACK, 'post')).toEqual(toJsonSchema(createFeedbackBodySchema, { io: 'input' }));
    expect(bodyOf(FEEDBACK_ITEM, 'patch')).toEqual(toJsonSchema(updateFeedbackBodySchema, { io: 'input' }));
  });

  it('documents only operations the app routes: each answers 401 without a key, with a documented problem', async () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item) as HttpMethod[]) {
        const concrete = path.replace('{answerId}', 'ans_1').replace('{feedbackId}', 'fb_1');
        const res = await request(t.app)[method](concrete).send({});
        // The probes are open to anyone (security: []); everything else needs a key.
        const open = item[method]?.security?.length === 0;
        expect([method, path, res.status]).toEqual([method, path, open ? 200 : 401]);
        expectDocumented(method, path, res);
      }
    }
  });

  it('validates real answers of every shape against the Answer schema', async () => {
    const shapes: string[] = [];
    for (const question of Object.values(QUESTIONS)) {
      const res = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question, context: CONTEXT });
      expect(res.status).toBe(200);
      expectDocumented('post', ANSWER, res);
      shapes.push(res.body.chart ? `chart:${res.body.chart.type}` : res.body.type);
    }
    expect(shapes).toEqual(['text', 'chart:bar', 'chart:line', 'table']);
  });

  it('validates feedback create (201) and update (200), and explain (200)', async () => {
    const answer = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: QUESTIONS.bar, context: CONTEXT });
    const created = await request(t.app).post(`${ANSWER}/${answer.body.id}/feedback`).set(...auth(ENV_KEY)).send({ rating: 'negative', comment: 'net of tax?' });
    expect(created.status).toBe(201);
    expectDocumented('post', FEEDBACK, created);
    const updated = await request(t.app).patch(`${ANSWER}/${answer.body.id}/feedback/${created.body.id}`).set(...auth(ENV_KEY)).send({ rating: 'positive' });
    expect(updated.status).toBe(200);
    expectDocumented('patch', FEEDBACK_ITEM, updated);
    const explained = await request(t.app).get(`${ANSWER}/${answer.body.id}/explain`).set(...auth(ENV_KEY));
    expect(explained.status).toBe(200);
    expectDocumented('get', EXPLAIN, explained);
  });

  it('validates problems: a 400 with issues, a 404 for another key, a malformed header', async () => {
    const invalid = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: '', context: 'x', extra: 1 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues.length).toBe(3);
    expectDocumented('post', ANSWER, invalid);
    const answer = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: QUESTIONS.text, context: CONTEXT });
    const hidden = await request(t.app).get(`${ANSWER}/${answer.body.id}/explain`).set(...auth(OTHER_ENV_KEY));
    expect(hidden.status).toBe(404);
    expectDocumented('get', EXPLAIN, hidden);
    const malformed = await request(t.app).post(`${ANSWER}/${answer.body.id}/feedback`).set('Authorization', 'Basic abc').send({ rating: 'positive' });
    expect(malformed.status).toBe(400);
    expectDocumented('post', FEEDBACK, malformed);
  });

  it('catches a response that breaks the contract (the check is not vacuous)', () => {
    const body = { id: 'a', conversationId: 'c', type: 'chart', message: 'm', chart: { type: 'pie', data: [{ label: 'x', value: '1' }] } };
    const issues = checkResponse(document, { path: ANSWER, method: 'post', status: 200, contentType: 'application/json', body });
    expect(issues.map((issue) => issue.at)).toEqual(['/chart/type', '/chart/data/0/value']);
    expect(checkResponse(document, { path: ANSWER, method: 'post', status: 418, contentType: 'application/json', body })[0]?.message).toMatch(/not documented/);
  });

  it('serves a readable, self-contained plain docs page (/docs/plain) listing every operation and schema', async () => {
    const res = await request(t.app).get('/docs/plain');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    for (const path of Object.keys(document.paths)) expect(res.text).toContain(path);
    for (const name of Object.keys(document.components.schemas)) expect(res.text).toContain(`id="schema-${name}"`);
    // Nothing is loaded from elsewhere: no scripts, no external stylesheets or images.
    expect(res.text).not.toMatch(/<script|<link|src="http/i);
    // /docs is the rendered reference: this origin's scripts only (docs.browser.test.ts renders it).
    const reference = await request(t.app).get('/docs');
    expect(reference.headers['content-security-policy']).toContain("script-src 'self'");
    expect(reference.text).toMatch(/<script src="\/docs\/api-reference\.js"><\/script>/);
    expect((await request(t.app).get('/docs/api-reference.js')).headers['content-type']).toMatch(/javascript/);
  });

  it('leaves explain out of the document, and unmounted, when EXPLAIN_ENABLED is false', async () => {
    const app = t.rebuild({ config: { EXPLAIN_ENABLED: false } });
    const doc = (await request(app).get('/openapi.json')).body as OpenApiDocument;
    expect(doc.paths[EXPLAIN]).toBeUndefined();
    expect(doc.components.schemas.Explanation).toBeUndefined();
    const answer = await request(app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: QUESTIONS.text, context: CONTEXT });
    const res = await request(app).get(`${ANSWER}/${answer.body.id}/explain`).set(...auth(ENV_KEY));
    expect(res.status).toBe(404);
  });
});
