/** Bearer auth: missing/wrong key 401 with a challenge, malformed header 400, env and db keys, revocation. */
import { generateApiKey, hashApiKey, keyPrefix } from '@askdata/db';
import request from 'supertest';
import { expectProblem } from '../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, type TestApp } from './support/test-app';

// An empty body: once auth passes, the request reaches validation (400), which proves the key was accepted.
const PATH = '/api/v1/conversations/answer';
const BODY = {};

describe('bearer auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function createDbKey(): Promise<{ key: string; id: string }> {
    const key = generateApiKey();
    const record = await t.testStore.store.apiKeys.create({ name: 'test', keyHash: hashApiKey(key), prefix: keyPrefix(key) });
    return { key, id: record.id };
  }

  it('answers 401 with a Bearer challenge when the header is missing', async () => {
    const res = await request(t.app).post(PATH).send(BODY);
    expectProblem(res, 401, 'unauthorized');
    expect(res.headers['www-authenticate']).toBe('Bearer realm="askdata"');
  });

  it('answers 401 invalid_token for a wrong key', async () => {
    const res = await request(t.app).post(PATH).set(...auth('not-a-real-key-1234567890')).send(BODY);
    expectProblem(res, 401, 'unauthorized');
    expect(res.headers['www-authenticate']).toBe('Bearer realm="askdata", error="invalid_token"');
  });

  it.each([
    ['another scheme', `Basic ${Buffer.from('a:b').toString('base64')}`, /scheme must be Bearer/],
    ['an empty token', 'Bearer ', /token is empty/],
    ['extra parts', `Bearer ${ENV_KEY} extra`, /extra parts/],
    ['a token with illegal characters', 'Bearer abc$def"', /characters/],
  ])('answers 400 with a reason for %s', async (_name, header, reason) => {
    const res = await request(t.app).post(PATH).set('Authorization', header).send(BODY);
    expectProblem(res, 400, 'malformed-authorization');
    expect(res.body.detail).toMatch(reason);
    expect(res.headers['www-authenticate']).toContain('error="invalid_request"');
  });

  it('accepts a key from API_KEYS (the request reaches validation)', async () => {
    const res = await request(t.app).post(PATH).set(...auth(ENV_KEY)).send(BODY);
    expectProblem(res, 400, 'validation-failed');
  });

  it('accepts the scheme case-insensitively', async () => {
    const res = await request(t.app).post(PATH).set('Authorization', `bearer ${ENV_KEY}`).send(BODY);
    expect(res.status).toBe(400);
  });

  it('accepts a database key and rejects it on the next request after revocation', async () => {
    const { key, id } = await createDbKey();
    const before = await request(t.app).post(PATH).set(...auth(key)).send(BODY);
    expect(before.status).toBe(400);
    await t.testStore.store.apiKeys.revoke(id);
    const after = await request(t.app).post(PATH).set(...auth(key)).send(BODY);
    expectProblem(after, 401, 'unauthorized');
  });

  it('checks the key before reading the body', async () => {
    const res = await request(t.app).post(PATH).set('Content-Type', 'application/json').send('{not json');
    expect(res.status).toBe(401);
  });

  it('serves /healthz and /readyz without a key', async () => {
    const health = await request(t.app).get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', service: 'askdata api-v1' });
    const ready = await request(t.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { store: 'ok', dataSource: 'ok', knowledge: 'ok' } });
  });
});
