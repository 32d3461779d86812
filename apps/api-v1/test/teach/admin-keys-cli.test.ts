/**
 * `npm run keys -- create <name> --admin`, as the real CLI process on a real store: the key it prints
 * opens /api/v1/admin/* and is refused (403) on the answer endpoint; `keys list` marks it admin.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, type TestApp } from '../support/test-app';

const REPO_ROOT = resolve(__dirname, '../../../..');

function keys(storeUrl: string, ...args: string[]): Promise<string> {
  const env = { PATH: process.env.PATH ?? '', DATABASE_URL: storeUrl };
  return new Promise((done, fail) => {
    execFile(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'packages/db/src/cli/keys.ts'), ...args], { cwd: REPO_ROOT, env, timeout: 60_000 }, (error, stdout, stderr) =>
      error ? fail(new Error(`keys ${args.join(' ')} failed: ${stderr}`)) : done(stdout),
    );
  });
}

describe('admin keys from the keys CLI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates an admin key that may administer but not ask', async () => {
    const output = await keys(t.testStore.url, 'create', 'ops', '--admin');
    expect(output).toMatch(/^Created admin key key_\S+ \(ops\)/);
    const key = output.trim().split('\n').at(-1)!;
    expect((await request(t.app).get('/api/v1/admin/review').set(...auth(key))).status).toBe(200);
    expectProblem(await request(t.app).post('/api/v1/conversations/answer').set(...auth(key)).send({ question: 'How many orders are there?', context: { orgId: 1 } }), 403, 'forbidden');
    expect(await keys(t.testStore.url, 'list')).toMatch(/\tops\tadmin\t/);
  });
});
