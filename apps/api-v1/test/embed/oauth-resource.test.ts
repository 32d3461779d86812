/**
 * Issue 35 (third hostile review), F1, F2, F4, F5: with OAUTH_ISSUER set, this server's MCP resource URL and
 * the `aud` the issuer's tokens must carry come from configuration only, never from the request's Host or
 * X-Forwarded-Proto; and the issuer's tokens are held to the same clock rules as tenant tokens (no `iat` in
 * the future, at most OAUTH_MAX_TTL of life).
 * Before: with OAUTH_RESOURCE/OAUTH_AUDIENCE unset the audience was built from the Host header, so a token
 * the same issuer minted for another resource server was accepted by sending that server's host, and the
 * RFC 9728 metadata (cached publicly for 5 minutes) repeated whatever Host a caller sent.
 */
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { listen, type Listening } from '../ecosystem/support/listen';
import { auth, createTestApp, type TestApp } from '../support/test-app';
import { startLocalIssuer, type LocalIssuer } from './support/local-issuer';
import { createStoreKey } from './support/tokens';

jest.setTimeout(60_000);

const RESOURCE = 'https://askdata.test/mcp';
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } };
const now = (): number => Math.floor(Date.now() / 1000);

describe('the OAuth resource and audience come from configuration only', () => {
  let t: TestApp;
  let issuer: LocalIssuer;
  let server: Listening;
  beforeAll(async () => {
    issuer = await startLocalIssuer();
    // Only OAUTH_AUDIENCE is set (an http(s) URL): it is also the resource URL the metadata names.
    t = await createTestApp({ config: { OAUTH_ISSUER: issuer.issuer, OAUTH_AUDIENCE: RESOURCE, TRUST_PROXY_HOPS: 1 } });
    const owner = await createStoreKey(t.testStore.store);
    server = await listen(t.rebuild({ config: { OAUTH_KEY_ID: owner.id } }));
  });
  afterAll(async () => {
    await server?.close();
    await issuer?.close();
    await t?.close();
  });

  const mcp = (token: string) => request(server.baseUrl).post('/mcp').set(...auth(token)).set('Accept', 'application/json, text/event-stream');

  it('serves the metadata and the challenge with the configured URL, whatever Host and X-Forwarded-Proto say', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const res = await request(server.baseUrl).get(path).set('Host', 'attacker.example').set('X-Forwarded-Proto', 'https');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ resource: RESOURCE, authorization_servers: [issuer.issuer], resource_documentation: 'https://askdata.test/docs' });
      expect(JSON.stringify(res.body)).not.toContain('attacker.example');
    }
    const challenge = await request(server.baseUrl).post('/mcp').set('Host', 'attacker.example').send({});
    expect(challenge.status).toBe(401);
    expect(challenge.headers['www-authenticate']).toBe('Bearer realm="askdata", resource_metadata="https://askdata.test/.well-known/oauth-protected-resource/mcp"');
  });

  it('refuses a token the issuer minted for another resource server, whichever host the caller names', async () => {
    const other = await issuer.sign({ context: { orgId: 1 } }, 'http://other-resource.example/mcp');
    expectProblem(await mcp(other).set('Host', 'other-resource.example').send(INITIALIZE), 401, 'unauthorized');
    const otherHttps = await issuer.sign({ context: { orgId: 1 } }, 'https://other-resource.example/mcp');
    expectProblem(await mcp(otherHttps).set('Host', 'other-resource.example').set('X-Forwarded-Proto', 'https').send(INITIALIZE), 401, 'unauthorized');
    // The configured audience is accepted through any Host.
    const ours = await issuer.sign({ context: { orgId: 1 } }, RESOURCE);
    expect((await mcp(ours).set('Host', 'other-resource.example').send(INITIALIZE)).status).toBe(200);
  });

  it('refuses an issuer token issued in the future (F4) or living longer than OAUTH_MAX_TTL (F5)', async () => {
    const future = await issuer.sign({ context: { orgId: 1 } }, RESOURCE, { issuedAt: now() + 100_000, expiresAt: now() + 3_000 });
    const futureRes = await mcp(future).send(INITIALIZE);
    expectProblem(futureRes, 401, 'unauthorized');
    expect(futureRes.body.detail).toMatch(/future/);
    const yearLong = await issuer.sign({ context: { orgId: 1 } }, RESOURCE, { expiresAt: now() + 365 * 86_400 });
    const yearRes = await mcp(yearLong).send(INITIALIZE);
    expectProblem(yearRes, 401, 'unauthorized');
    expect(yearRes.body.detail).toMatch(/at most 3600 s/);
    // A longer OAUTH_MAX_TTL lets a two-hour token in; the default hour does not.
    const twoHours = await issuer.sign({ context: { orgId: 1 } }, RESOURCE, { expiresAt: now() + 7_200 });
    expectProblem(await mcp(twoHours).send(INITIALIZE), 401, 'unauthorized');
    const longer = await listen(t.rebuild({ config: { OAUTH_KEY_ID: (await createStoreKey(t.testStore.store)).id, OAUTH_MAX_TTL: 3 * 3600 } }));
    try {
      const res = await request(longer.baseUrl).post('/mcp').set(...auth(twoHours)).set('Accept', 'application/json, text/event-stream').send(INITIALIZE);
      expect(res.status).toBe(200);
    } finally {
      await longer.close();
    }
  });

  it('refuses to build the app with OAUTH_ISSUER and neither OAUTH_RESOURCE nor OAUTH_AUDIENCE, naming both', () => {
    expect(() => t.rebuild({ config: { OAUTH_AUDIENCE: undefined, OAUTH_RESOURCE: undefined } })).toThrow(/OAUTH_RESOURCE[\s\S]*OAUTH_AUDIENCE/);
  });
});
