/**
 * The keys CLI as a real process on a real store: `create "assistant" --context orgId=1` makes a key fixed
 * to that tenant (it answers without a body context, refuses another with 403, and `list` shows the
 * context); `token <keyId> --context orgId=1 --ttl 15m` prints a tenant token that the app accepts, signed
 * with the newest secret of TENANT_TOKEN_SECRETS; a ttl over the maximum and an unknown key are refused.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, type TestApp } from '../support/test-app';
import { SECRET, SECRET_KID, tokenConfig } from './support/tokens';

const REPO_ROOT = resolve(__dirname, '../../../..');
const ANSWER = '/api/v1/conversations/answer';
const ROTATED = `old:${'o'.repeat(40)},${SECRET_KID}:${SECRET}`;

function keys(storeUrl: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'packages/db/src/cli/keys.ts'), ...args], { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', DATABASE_URL: storeUrl, ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('keys CLI: fixed contexts and tenant tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: await tokenConfig() });
  });
  afterAll(() => t.close());

  it('creates a key fixed to a context, and mints a token for a key that the app accepts', async () => {
    const created = await keys(t.testStore.url, ['create', 'assistant', '--context', 'orgId=1']);
    expect(created.stdout).toMatch(/^Created API key key_\S+ \(assistant\), fixed to context \{"orgId":"1"\}/);
    const [, keyId] = /Created API key (key_\S+)/.exec(created.stdout) ?? [];
    const key = created.stdout.trim().split('\n').at(-1)!;
    expect((await request(t.app).post(ANSWER).set(...auth(key)).send({ question: 'How many orders are there?' })).status).toBe(200);
    expectProblem(await request(t.app).post(ANSWER).set(...auth(key)).send({ question: 'How many orders are there?', context: { orgId: 2 } }), 403, 'context-mismatch');
    expect((await keys(t.testStore.url, ['list'])).stdout).toMatch(/\tassistant\tanswers\t.*\tactive\tcontext \{"orgId":"1"\}/);

    const minted = await keys(t.testStore.url, ['token', keyId!, '--context', 'orgId=1', '--ttl', '15m'], { TENANT_TOKEN_SECRETS: ROTATED });
    expect(minted.code).toBe(0);
    const token = minted.stdout.trim();
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', kid: SECRET_KID });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: keyId, aud: 'askdata', context: { orgId: '1' } });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect((await request(t.app).post(ANSWER).set(...auth(token)).send({ question: 'How many orders are there?' })).status).toBe(200);
  });

  it('refuses a ttl over TENANT_TOKEN_MAX_TTL, an unknown key, a missing context and missing secrets', async () => {
    const created = await keys(t.testStore.url, ['create', 'plain']);
    const [, keyId] = /Created API key (key_\S+)/.exec(created.stdout) ?? [];
    const env = { TENANT_TOKEN_SECRETS: ROTATED };
    expect((await keys(t.testStore.url, ['token', keyId!, '--context', 'orgId=1', '--ttl', '2h'], env)).stderr).toMatch(/TENANT_TOKEN_MAX_TTL/);
    expect((await keys(t.testStore.url, ['token', 'key_nope', '--context', 'orgId=1'], env)).stderr).toMatch(/no active API key/);
    const noContext = await keys(t.testStore.url, ['token', keyId!], env);
    expect(noContext.code).toBe(2);
    expect(noContext.stderr).toMatch(/--context/);
    expect((await keys(t.testStore.url, ['token', keyId!, '--context', 'orgId=1'])).stderr).toMatch(/TENANT_TOKEN_SECRETS is not set/);
  });
});
