/**
 * The ask-legacy OpenAPI document is the app's own zod schemas, and the running app keeps its promises:
 * the body schema is z.toJSONSchema(askBodySchema) (plus the documented requestContext forms), the answer
 * schema is z.toJSONSchema(legacyAnswerSchema), and real responses (text, bar and line charts, a table,
 * a 400 with issues, a 401 with a token) satisfy the document for their status and content type.
 */
import { askBodySchema, checkJsonSchema, checkResponse, legacyAnswerSchema, problemSchema, toJsonSchema, type JsonSchema, type OpenApiDocument } from '@askdata/contract';
import request, { type Response } from 'supertest';
import { ASK_PATH, createTestApp, testConfig, type TestApp } from './support/test-app';

const TOKEN = 'legacy-token-0123456789';
const CONTEXT = { userId: 'u-1', orgId: 1 };

describe('ask-legacy OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await request(t.app).get('/openapi.json');
    expect(res.status).toBe(200);
    document = res.body as OpenApiDocument;
  });
  afterAll(() => t.close());

  function expectDocumented(res: Response, doc: OpenApiDocument = document): void {
    expect(checkResponse(doc, { path: ASK_PATH, method: 'post', status: res.status, contentType: res.headers['content-type'], body: res.body })).toEqual([]);
  }
  const bodySchema = (doc: OpenApiDocument): JsonSchema | undefined => doc.paths[ASK_PATH]?.post?.requestBody?.content['application/json']?.schema;

  it('is OpenAPI 3.1 for POST /ask, without security when no token is configured', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual([ASK_PATH, '/healthz', '/readyz'].sort());
    // No requirement, stated: `[{}]` means anyone may call.
    expect(document.security).toEqual([{}]);
  });

  it('generates its schemas from the zod schemas the app uses', () => {
    const { description: _prose, ...answer } = document.components.schemas.LegacyAnswer ?? {};
    expect(answer).toEqual(toJsonSchema(legacyAnswerSchema, { io: 'output' }));
    expect(document.components.schemas.Problem).toEqual(toJsonSchema(problemSchema, { io: 'output' }));
    // The body is the generated schema; only requestContext (a transform, `{}` to JSON Schema) gains its documented forms.
    const generated = toJsonSchema(askBodySchema(testConfig().MAX_QUESTION_LENGTH), { io: 'input' });
    const { properties, ...rest } = bodySchema(document) ?? {};
    const { requestContext, ...fields } = properties as Record<string, JsonSchema>;
    const { properties: generatedProperties, ...generatedRest } = generated;
    const { requestContext: generatedContext, ...generatedFields } = generatedProperties as Record<string, JsonSchema>;
    expect(rest).toEqual(generatedRest);
    expect(fields).toEqual(generatedFields);
    expect(generatedContext).toEqual({});
    expect(requestContext?.anyOf).toHaveLength(2);
  });

  it('documents request bodies the app accepts: both requestContext forms pass the schema', () => {
    const schema = bodySchema(document) ?? {};
    expect(checkJsonSchema(schema, { question: 'x', conversationId: 'c-1', requestContext: CONTEXT }, { root: document })).toEqual([]);
    expect(checkJsonSchema(schema, { question: 'x', conversationId: 'c-1', requestContext: JSON.stringify(CONTEXT) }, { root: document })).toEqual([]);
    expect(checkJsonSchema(schema, { question: 'x', conversationId: 'c-1', requestContext: 7 }, { root: document })).not.toEqual([]);
  });

  it('validates real answers of every shape and a 400 problem', async () => {
    const shapes: string[] = [];
    const questions = ['How many orders are there?', 'Revenue by category last month', 'Orders by month this year', 'Top 5 customers by spend'];
    for (const [index, question] of questions.entries()) {
      const res = await request(t.app).post(ASK_PATH).send({ question, conversationId: `openapi-${index}`, requestContext: CONTEXT });
      expect(res.status).toBe(200);
      expectDocumented(res);
      shapes.push(res.body.chart ? `chart:${res.body.chart.type}` : res.body.type);
    }
    expect(shapes).toEqual(['text', 'chart:bar', 'chart:line', 'table']);
    const invalid = await request(t.app).post(ASK_PATH).send({ question: '', requestContext: 5 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues.length).toBeGreaterThanOrEqual(3);
    expectDocumented(invalid);
  });

  it('with ASK_LEGACY_TOKEN: serves the document and docs without the token, and documents bearer security and the 401', async () => {
    const app = t.rebuild({ config: { ASK_LEGACY_TOKEN: TOKEN } });
    const res = await request(app).get('/openapi.json');
    expect(res.status).toBe(200);
    const secured = res.body as OpenApiDocument;
    expect(secured.security).toEqual([{ bearerToken: [] }]);
    expectDocumented(await request(app).post(ASK_PATH).send({ question: 'How many orders are there?', conversationId: 'c-2', requestContext: CONTEXT }), secured);
    const docs = await request(app).get('/docs/plain');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('/ask');
    expect(docs.text).not.toMatch(/<script|<link|src="http/i);
    expect((await request(app).get('/docs')).text).toContain('/docs/api-reference.js');
  });
});
