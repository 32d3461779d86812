/**
 * Signed tenant tokens on v1 (issue 30), against the real app and store: a token answers as the key its
 * `sub` names, fixed to its context; a body context must be absent or equal (else 403 context-mismatch);
 * every hostile token (forged, expired, not yet valid, too long-lived, wrong audience or issuer, alg none,
 * algorithm confusion, unknown kid, no context, unknown or revoked key) is a 401, never a 5xx; tokens never
 * reach the admin endpoints.
 */
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, type TestApp } from '../support/test-app';
import { asymmetricToken, createStoreKey, hs256Token, OTHER_SECRET, rsa, SECRET_KID, tokenConfig, unsecuredToken } from './support/tokens';
import { SignJWT } from 'jose';

const ANSWER = '/api/v1/conversations/answer';
const QUESTION = 'How many orders are there?';

describe('tenant tokens', () => {
  let t: TestApp;
  let owner: { id: string; key: string };
  beforeAll(async () => {
    t = await createTestApp({ config: await tokenConfig() });
    owner = await createStoreKey(t.testStore.store);
  });
  afterAll(() => t.close());

  const ask = (token: string, body: Record<string, unknown> = { question: QUESTION }) => request(t.app).post(ANSWER).set(...auth(token)).send(body);

  it('answers with the token\'s context as the key it names, with no context in the body', async () => {
    const token = await hs256Token({ keyId: owner.id, context: { orgId: 1 } });
    const withToken = await ask(token);
    expect(withToken.status).toBe(200);
    const withKey = await ask(owner.key, { question: QUESTION, context: { orgId: 1 } });
    expect(withToken.body.message).toBe(withKey.body.message);
    // What the token created belongs to the key, with the token's tenant: the key sees it under orgId 1.
    const history = await request(t.app).get(`/api/v1/conversations/${withToken.body.conversationId}?context.orgId=1`).set(...auth(owner.key));
    expect(history.status).toBe(200);
  });

  it('accepts the token\'s own context in the body (1 and "1" alike) and refuses another with 403 context-mismatch', async () => {
    const token = await hs256Token({ keyId: owner.id, context: { orgId: 1 } });
    expect((await ask(token, { question: QUESTION, context: { orgId: 1 } })).status).toBe(200);
    expect((await ask(token, { question: QUESTION, context: { orgId: '1' } })).status).toBe(200);
    expectProblem(await ask(token, { question: QUESTION, context: { orgId: 2 } }), 403, 'context-mismatch');
    expectProblem(await ask(token, { question: QUESTION, context: { orgId: 1, userId: 'u-2' } }), 403, 'context-mismatch');
  });

  it('verifies RS256 and ES256 tokens against the JWKS', async () => {
    expect((await ask(await asymmetricToken('RS256', { keyId: owner.id }))).status).toBe(200);
    expect((await ask(await asymmetricToken('ES256', { keyId: owner.id }))).status).toBe(200);
  });

  describe('hostile tokens are 401 (never 5xx)', () => {
    const cases: [string, () => Promise<string>][] = [
      ['forged (another secret, same kid, a real key)', () => hs256Token({ keyId: owner.id, secret: OTHER_SECRET })],
      ['expired', async () => hs256Token({ keyId: owner.id, issuedAt: Math.floor(Date.now() / 1000) - 700, ttlSeconds: 600 })],
      ['not valid yet (nbf)', async () => hs256Token({ keyId: owner.id, claims: { nbf: Math.floor(Date.now() / 1000) + 600 } })],
      ['longer-lived than TENANT_TOKEN_MAX_TTL', async () => hs256Token({ keyId: owner.id, ttlSeconds: 7200 })],
      // Issue 35 F4: exp - iat is negative, so a lifetime check on it alone passed this token.
      ['issued in the future (iat past the clock tolerance, exp within the lifetime)', async () => hs256Token({ keyId: owner.id, issuedAt: Math.floor(Date.now() / 1000) + 100_000, ttlSeconds: -97_000 })],
      ['wrong audience', async () => hs256Token({ keyId: owner.id, audience: 'someone-else' })],
      ['alg none', async () => unsecuredToken({ sub: owner.id, aud: 'askdata', context: { orgId: 1 }, exp: Math.floor(Date.now() / 1000) + 600 })],
      [
        'algorithm confusion (HS256 keyed with the RSA public key, under the RSA kid)',
        async () => hs256Token({ keyId: owner.id, header: { kid: 'rsa-1' }, secret: rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString() }),
      ],
      [
        'algorithm confusion (HS256 keyed with the RSA public key, under the secret\'s kid)',
        async () => hs256Token({ keyId: owner.id, secret: rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString() }),
      ],
      ['RS256 signed by a key not in the JWKS', async () => asymmetricToken('RS256', { keyId: owner.id }, (await import('node:crypto')).generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey)],
      ['unknown kid', async () => hs256Token({ keyId: owner.id, header: { kid: 'nope' } })],
      ['no kid on HS256', async () => new SignJWT({ context: { orgId: 1 } }).setProtectedHeader({ alg: 'HS256' }).setSubject(owner.id).setAudience('askdata').setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode('test-signing-secret-0123456789abcdef-0123456789'))],
      ['HS512 (an algorithm this server does not accept)', async () => new SignJWT({ context: { orgId: 1 } }).setProtectedHeader({ alg: 'HS512', kid: SECRET_KID }).setSubject(owner.id).setAudience('askdata').setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode('test-signing-secret-0123456789abcdef-0123456789-0123456789abcdef'))],
      ['no exp', async () => new SignJWT({ context: { orgId: 1 } }).setProtectedHeader({ alg: 'HS256', kid: SECRET_KID }).setSubject(owner.id).setAudience('askdata').setIssuedAt().sign(new TextEncoder().encode('test-signing-secret-0123456789abcdef-0123456789'))],
      ['no context claim', async () => hs256Token({ keyId: owner.id, context: 'orgId=1' as unknown as Record<string, unknown> })],
      ['sub names no key', async () => hs256Token({ keyId: 'key_does_not_exist' })],
      ['a signature cut off', async () => (await hs256Token({ keyId: owner.id })).slice(0, -4)],
      ['a payload swapped for another tenant\'s', async () => {
        const [header, , signature] = (await hs256Token({ keyId: owner.id })).split('.');
        const payload = Buffer.from(JSON.stringify({ sub: owner.id, aud: 'askdata', context: { orgId: 2 }, exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
        return `${header}.${payload}.${signature}`;
      }],
    ];
    it.each(cases)('%s', async (_name, make) => {
      const res = await ask(await make());
      expectProblem(res, 401, 'unauthorized');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="askdata", error="invalid_token", error_description="[^"]+"$/);
    });
  });

  it('refuses a token whose key is revoked, from the next request on', async () => {
    const key = await createStoreKey(t.testStore.store, { name: 'to revoke' });
    const token = await hs256Token({ keyId: key.id });
    expect((await ask(token)).status).toBe(200);
    await t.testStore.store.apiKeys.revoke(key.id);
    const res = await ask(token);
    expectProblem(res, 401, 'unauthorized');
    expect(res.body.detail).toMatch(/revoked/);
  });

  it('never reaches the admin endpoints, even when its key is an admin key', async () => {
    const token = await hs256Token({ keyId: owner.id });
    expectProblem(await request(t.app).get('/api/v1/admin/review').set(...auth(token)), 401, 'unauthorized');
    const admin = await createStoreKey(t.testStore.store, { admin: true });
    const adminToken = await hs256Token({ keyId: admin.id });
    expectProblem(await request(t.app).get('/api/v1/admin/review').set(...auth(adminToken)), 401, 'unauthorized');
    expectProblem(await ask(adminToken), 403, 'forbidden');
  });

  it('checks the issuer when TENANT_TOKEN_ISSUER is set', async () => {
    const app = t.rebuild({ config: { TENANT_TOKEN_ISSUER: 'https://backend.example' } });
    const without = await hs256Token({ keyId: owner.id });
    expectProblem(await request(app).post(ANSWER).set(...auth(without)).send({ question: QUESTION }), 401, 'unauthorized');
    const wrong = await hs256Token({ keyId: owner.id, claims: { iss: 'https://evil.example' } });
    expectProblem(await request(app).post(ANSWER).set(...auth(wrong)).send({ question: QUESTION }), 401, 'unauthorized');
    const right = await hs256Token({ keyId: owner.id, claims: { iss: 'https://backend.example' } });
    expect((await request(app).post(ANSWER).set(...auth(right)).send({ question: QUESTION })).status).toBe(200);
  });

  it('reads the context from mapped claims when TENANT_TOKEN_CONTEXT_CLAIM is a mapping', async () => {
    const app = t.rebuild({ config: { TENANT_TOKEN_CONTEXT_CLAIM: { kind: 'mapping', keys: [{ contextKey: 'orgId', claim: 'org_id' }] } } });
    const token = await hs256Token({ keyId: owner.id, claims: { org_id: 1, context: undefined } });
    expect((await request(app).post(ANSWER).set(...auth(token)).send({ question: QUESTION })).status).toBe(200);
  });

  it('says tokens are off when no secret or JWKS is configured', async () => {
    const app = t.rebuild({ config: { TENANT_TOKEN_SECRETS: [], TENANT_TOKEN_JWKS: undefined } });
    const res = await request(app).post(ANSWER).set(...auth(await hs256Token({ keyId: owner.id }))).send({ question: QUESTION });
    expectProblem(res, 401, 'unauthorized');
    expect(res.body.detail).toMatch(/not enabled/);
  });
});

describe('keys created with a fixed context', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answer without a body context, accept the same one, and refuse another with 403', async () => {
    const fixed = await createStoreKey(t.testStore.store, { context: { orgId: 1 } });
    const plain = await createStoreKey(t.testStore.store);
    const bare = await request(t.app).post(ANSWER).set(...auth(fixed.key)).send({ question: QUESTION });
    expect(bare.status).toBe(200);
    const same = await request(t.app).post(ANSWER).set(...auth(plain.key)).send({ question: QUESTION, context: { orgId: 1 } });
    expect(bare.body.message).toBe(same.body.message);
    expect((await request(t.app).post(ANSWER).set(...auth(fixed.key)).send({ question: QUESTION, context: { orgId: 1 } })).status).toBe(200);
    expectProblem(await request(t.app).post(ANSWER).set(...auth(fixed.key)).send({ question: QUESTION, context: { orgId: 2 } }), 403, 'context-mismatch');
    // A key without a fixed context still has to send one (a 400 naming body.context, as before).
    const missing = await request(t.app).post(ANSWER).set(...auth(plain.key)).send({ question: QUESTION });
    expectProblem(missing, 400, 'validation-failed');
    expect(missing.body.issues).toEqual([{ path: 'body.context', message: 'is required and must be an object' }]);
  });
});
