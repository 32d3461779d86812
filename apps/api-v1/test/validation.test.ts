/** Request validation, body parsing limits, unknown routes and methods: all problem+json. */
import request from 'supertest';
import { expectProblem, issuePaths } from '../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, type TestApp } from './support/test-app';

const ANSWER_PATH = '/api/v1/conversations/answer';

describe('request validation and limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { MAX_QUESTION_LENGTH: 50, BODY_LIMIT: 2048 } });
  });
  afterAll(() => t.close());

  const post = (body: unknown) => request(t.app).post(ANSWER_PATH).set(...auth(ENV_KEY)).send(body as object);

  it('lists every failing part of the body in one 400', async () => {
    const res = await post({ question: 42, context: 'org 1', conversationId: 7, extra: true });
    expectProblem(res, 400, 'validation-failed');
    expect(issuePaths(res)).toEqual(['body.context', 'body.conversationId', 'body.extra', 'body.question']);
    for (const issue of res.body.issues) expect(issue).toEqual({ path: expect.any(String), message: expect.any(String) });
  });

  it.each([
    ['a missing question', { context: { orgId: 1 } }, ['body.question']],
    ['an empty question', { question: '', context: { orgId: 1 } }, ['body.question']],
    ['a whitespace question', { question: ' \n\t ', context: { orgId: 1 } }, ['body.question']],
    ['a question over the length limit', { question: 'x'.repeat(51), context: { orgId: 1 } }, ['body.question']],
    ['a missing context', { question: 'how many orders' }, ['body.context']],
    ['a null context', { question: 'how many orders', context: null }, ['body.context']],
    ['an array context', { question: 'how many orders', context: [1] }, ['body.context']],
    ['an empty conversationId', { question: 'how many orders', context: { orgId: 1 }, conversationId: '' }, ['body.conversationId']],
    ['a body that is an array', [1, 2], ['body']],
  ])('rejects %s with 400', async (_name, body, paths) => {
    const res = await post(body);
    expectProblem(res, 400, 'validation-failed');
    expect(issuePaths(res)).toEqual(paths);
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await request(t.app).post(ANSWER_PATH).set(...auth(ENV_KEY)).set('Content-Type', 'application/json').send('{"question": "x",');
    expectProblem(res, 400, 'malformed-json');
  });

  it('rejects a body over BODY_LIMIT with 413', async () => {
    const res = await post({ question: 'how many orders', context: { orgId: 1, padding: 'x'.repeat(4096) } });
    expectProblem(res, 413, 'payload-too-large');
    expect(res.body.limitBytes).toBe(2048);
  });

  it('rejects a non-JSON content type with 415', async () => {
    const res = await request(t.app).post(ANSWER_PATH).set(...auth(ENV_KEY)).set('Content-Type', 'text/plain').send('how many orders');
    expectProblem(res, 415, 'unsupported-media-type');
  });

  it('validates feedback bodies: rating enum, comment length, at least one field on update', async () => {
    const create = await request(t.app)
      .post('/api/v1/conversations/answer/a1/feedback')
      .set(...auth(ENV_KEY))
      .send({ rating: 'meh', comment: 'x'.repeat(2001) });
    expectProblem(create, 400, 'validation-failed');
    expect(issuePaths(create)).toEqual(['body.comment', 'body.rating']);
    const update = await request(t.app).patch('/api/v1/conversations/answer/a1/feedback/f1').set(...auth(ENV_KEY)).send({});
    expectProblem(update, 400, 'validation-failed');
  });

  it.each(['a%2F..%2F..%2Fetc', 'x'.repeat(101), 'bad%20id', '%00'])('answers 404 for a junk answer id (%s)', async (id) => {
    const res = await request(t.app).post(`/api/v1/conversations/answer/${id}/feedback`).set(...auth(ENV_KEY)).send({ rating: 'positive' });
    expectProblem(res, 404, 'not-found');
  });

  it('answers 404 problem+json for an unknown route, with or without a key', async () => {
    expectProblem(await request(t.app).get('/nope'), 404, 'not-found');
    expectProblem(await request(t.app).get('/api/v1/nope').set(...auth(ENV_KEY)), 404, 'not-found');
  });

  it('answers 405 with Allow for a wrong method on a known path', async () => {
    const res = await request(t.app).get(ANSWER_PATH).set(...auth(ENV_KEY));
    expectProblem(res, 405, 'method-not-allowed');
    expect(res.headers.allow).toBe('POST');
    const patch = await request(t.app).delete('/api/v1/conversations/answer/a1/feedback/f1').set(...auth(ENV_KEY));
    expect(patch.status).toBe(405);
    expect(patch.headers.allow).toBe('PATCH');
  });

  it('echoes a sane incoming request id and replaces a hostile one', async () => {
    const kept = await request(t.app).get('/healthz').set('X-Request-Id', 'trace-1234abcd');
    expect(kept.headers['x-request-id']).toBe('trace-1234abcd');
    const replaced = await request(t.app).get('/healthz').set('X-Request-Id', 'bad id\twith "quotes"');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await request(t.app).get('/nope');
    expect(generated.body.requestId).toBe(generated.headers['x-request-id']);
  });
});
