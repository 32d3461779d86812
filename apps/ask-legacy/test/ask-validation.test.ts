/**
 * Bad /ask requests: every one is a 400 (or 404/405/413/415) problem+json with a request id, and none
 * reaches the pipeline or the store. requestContext problems name the two accepted forms.
 */
import request from 'supertest';
import { expectProblem, issuePaths } from '../../../test-support/problem-assertions';
import { ASK_PATH, createTestApp, type TestApp } from './support/test-app';

const GOOD = { question: 'How many orders are there?', conversationId: 'conv-validation', requestContext: { userId: 'u-1', orgId: 1 } };

describe('POST /ask validation', () => {
  let t: TestApp;
  let answersBefore: number;
  beforeAll(async () => {
    t = await createTestApp({ config: { MAX_QUESTION_LENGTH: 50, BODY_LIMIT: 2048 } });
    answersBefore = await t.testStore.store.answers.count();
  });
  afterAll(async () => {
    // Nothing above may have been answered or stored.
    expect(await t.testStore.store.answers.count()).toBe(answersBefore);
    await t.close();
  });

  const post = (body: unknown) => request(t.app).post(ASK_PATH).send(body as object);

  it.each<[string, unknown]>([
    ['an array', [{ userId: 'u-1', orgId: 1 }]],
    ['a number', 42],
    ['a boolean', true],
    ['null', null],
    ['a string that is not JSON', '{userId: u-1, orgId: 1'],
    ['a JSON string of an array', '[{"orgId":1}]'],
    ['a JSON string of a number', '1'],
    ['a JSON string of a string', '"orgId=1"'],
    ['a JSON string of null', 'null'],
    ['an empty string', ''],
  ])('answers 400 naming both accepted forms when requestContext is %s', async (_name, requestContext) => {
    const res = await post({ ...GOOD, requestContext });
    expectProblem(res, 400, 'validation-failed');
    expect(issuePaths(res)).toEqual(['body.requestContext']);
    expect(res.body.detail).toMatch(/requestContext must be a JSON object .*orgId.* or a string holding that JSON object/);
  });

  it('answers 400 when requestContext is missing', async () => {
    const { requestContext: _omitted, ...body } = GOOD;
    const res = await post(body);
    expectProblem(res, 400, 'validation-failed');
    expect(issuePaths(res)).toEqual(['body.requestContext']);
    expect(res.body.detail).toContain('or a string holding that JSON object');
  });

  it.each<[string, unknown]>([
    ['no orgId (object form)', { userId: 'u-1' }],
    ['no orgId (string form)', '{"userId":"u-1"}'],
    ['a null orgId', { userId: 'u-1', orgId: null }],
    ['an empty orgId', { userId: 'u-1', orgId: '' }],
  ])('answers 400 CONTEXT_MISSING for %s, never an unscoped query', async (_name, requestContext) => {
    const res = await post({ ...GOOD, requestContext });
    expectProblem(res, 400, 'context-missing');
    expect(res.body.code).toBe('CONTEXT_MISSING');
    expect(JSON.stringify(res.body.issues)).toContain('context.orgId');
  });

  it.each<[string, unknown]>([
    ['missing', undefined],
    ['a number', 7],
    ['empty', ''],
    ['too long', 'c'.repeat(129)],
    ['with spaces or quotes', 'conv "1"'],
    ['a path', '../../etc/passwd'],
  ])('answers 400 when conversationId is %s', async (_name, conversationId) => {
    const res = await post({ ...GOOD, conversationId });
    expectProblem(res, 400, 'validation-failed');
    expect(issuePaths(res)).toEqual(['body.conversationId']);
  });

  it('reports every failing field in one 400', async () => {
    const res = await post({ question: '   ', requestContext: 5 });
    expectProblem(res, 400, 'validation-failed');
    expect(issuePaths(res)).toEqual(['body.conversationId', 'body.question', 'body.requestContext']);
  });

  it('applies the question length limit and the body size limit', async () => {
    const long = await post({ ...GOOD, question: 'x'.repeat(51) });
    expectProblem(long, 400, 'validation-failed');
    expect(issuePaths(long)).toEqual(['body.question']);
    const huge = await post({ ...GOOD, padding: 'x'.repeat(4096) });
    expectProblem(huge, 413, 'payload-too-large');
  });

  it('answers malformed JSON, a non-object body and a non-JSON content type with problems', async () => {
    expectProblem(await request(t.app).post(ASK_PATH).set('Content-Type', 'application/json').send('{"question":'), 400, 'malformed-json');
    const array = await post([GOOD]);
    expectProblem(array, 400, 'validation-failed');
    expect(issuePaths(array)).toEqual(['body']);
    expectProblem(await request(t.app).post(ASK_PATH).set('Content-Type', 'text/plain').send('How many orders?'), 415, 'unsupported-media-type');
  });

  it('answers 405 with Allow for another method and 404 for another path', async () => {
    const get = await request(t.app).get(ASK_PATH);
    expectProblem(get, 405, 'method-not-allowed');
    expect(get.headers.allow).toBe('POST');
    expectProblem(await request(t.app).post('/api/v1/conversations/answer').send(GOOD), 404, 'not-found');
  });

  it('ignores unknown top-level fields, as older clients may send them', async () => {
    const res = await post({ ...GOOD, conversationId: 'conv-extra', clientVersion: '1.2' });
    expect(res.status).toBe(200);
    answersBefore += 1;
  });
});
