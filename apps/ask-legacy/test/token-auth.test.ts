/**
 * The optional shared secret: unset, /ask needs no Authorization (what the legacy samples send); set,
 * a missing or wrong token is a 401 problem with a Bearer challenge, a malformed header a 400, and the
 * right token reaches the answer. Health probes never need it, and the token never reaches the log.
 */
import request from 'supertest';
import { expectProblem } from '../../../test-support/problem-assertions';
import { ASK_PATH, createTestApp, type TestApp } from './support/test-app';

const TOKEN = 'legacy-shared-secret-0123456789';
const BODY = { question: 'How many orders are there?', conversationId: 'conv-token', requestContext: { userId: 'u-1', orgId: 1 } };

describe('the optional ASK_LEGACY_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { ASK_LEGACY_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('answers 401 with a Bearer challenge when the header is missing', async () => {
    const res = await request(t.app).post(ASK_PATH).send(BODY);
    expectProblem(res, 401, 'unauthorized');
    expect(res.headers['www-authenticate']).toBe('Bearer realm="askdata-legacy"');
  });

  it.each([
    ['a wrong token', 'Bearer legacy-shared-secret-0123456780'],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['the token plus more', `Bearer ${TOKEN}x`],
  ])('answers 401 invalid_token for %s', async (_name, header) => {
    const res = await request(t.app).post(ASK_PATH).set('Authorization', header).send(BODY);
    expectProblem(res, 401, 'unauthorized');
    expect(res.headers['www-authenticate']).toBe('Bearer realm="askdata-legacy", error="invalid_token"');
  });

  it.each([
    ['another scheme', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`],
    ['an empty token', 'Bearer '],
    ['extra parts', `Bearer ${TOKEN} extra`],
  ])('answers 400 malformed-authorization for %s', async (_name, header) => {
    const res = await request(t.app).post(ASK_PATH).set('Authorization', header).send(BODY);
    expectProblem(res, 400, 'malformed-authorization');
    expect(res.headers['www-authenticate']).toContain('error="invalid_request"');
  });

  it('answers 200 with the right token (scheme case-insensitive)', async () => {
    const res = await request(t.app).post(ASK_PATH).set('Authorization', `bearer ${TOKEN}`).send(BODY);
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('text');
  });

  it('checks the token before reading the body', async () => {
    const res = await request(t.app).post(ASK_PATH).set('Content-Type', 'application/json').send('{not json');
    expect(res.status).toBe(401);
  });

  it('serves /healthz and /readyz without the token', async () => {
    expect((await request(t.app).get('/healthz')).body).toEqual({ status: 'ok', service: 'askdata ask-legacy' });
    const ready = await request(t.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { store: 'ok', dataSource: 'ok', knowledge: 'ok' } });
  });

  it('never logs the token', async () => {
    await request(t.app).post(ASK_PATH).set('Authorization', `Bearer ${TOKEN}`).send(BODY);
    await request(t.app).post(ASK_PATH).set('Authorization', 'Bearer wrong-token-that-is-long-42').send(BODY);
    expect(t.logLines.length).toBeGreaterThan(0);
    expect(t.logLines.join('\n')).not.toContain(TOKEN);
  });

  it('requires nothing when the token is not configured', async () => {
    const open = t.rebuild({ config: { ASK_LEGACY_TOKEN: undefined } });
    const res = await request(open).post(ASK_PATH).send({ ...BODY, conversationId: 'conv-open' });
    expect(res.status).toBe(200);
  });
});
