/**
 * The api-v1 package as a host receives it (`npm run package -w apps/api-v1`): unpacked in an empty
 * directory outside the repository and started with its own `./start`, it migrates a fresh store and
 * answers a question over HTTP, on SQLite and on PostgreSQL (store and data). Its native modules are the
 * package's own, its bundle names no path of the repository, and its `keys` command makes a key the
 * server accepts. The deploy files are checked against it as far as this machine allows: requests through
 * the shipped nginx site (which passes `nginx -t`), the Dockerfile's steps and its HEALTHCHECK run against
 * the packaged server, and `systemd-analyze verify` of askdata@api-v1 pointed at the unpacked package.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoWarehouseOnPostgres } from '../../../../test-support/demo-warehouse-on-postgres';
import { dockerInstructions, nginxTest, runDockerHealthcheck, startNginxSite, verifySystemdUnit } from '../../../../test-support/deploy-checks';
import { packAndUnpack, packageFolder, repoRoot, startPackaged, type UnpackedApp } from '../../../../test-support/packaged-app';
import { freePort } from '../../../../test-support/postgres-server';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/postgres';
import { testWarehousePath } from '../support/test-deps';

const KEY = 'ak_package_test_0123456789abcdef';

async function ask(url: string, key: string, question: string): Promise<{ status: number; body: { type?: string; message?: string } }> {
  const res = await fetch(`${url}/api/v1/conversations/answer`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ question, context: { orgId: 1 } }),
  });
  return { status: res.status, body: (await res.json()) as { type?: string; message?: string } };
}

describe('the api-v1 package, outside the repository', () => {
  let unpacked: UnpackedApp;
  const databases: TestDatabase[] = [];
  beforeAll(() => {
    unpacked = packAndUnpack('api-v1');
  }, 600_000);
  afterAll(async () => {
    unpacked?.cleanup();
    for (const database of databases) await database.drop();
  });

  const model = () => join(unpacked.dir, 'packages', 'demo-data', 'model', 'demo-model.yaml');

  it('holds everything it runs: no path of the repository in its bundle', () => {
    expect(unpacked.dir.startsWith(repoRoot)).toBe(false);
    expect(readFileSync(join(unpacked.dir, 'apps', 'api-v1', 'dist', 'server.bundle.js'), 'utf8')).not.toContain(repoRoot);
  });

  it('starts on a fresh SQLite store, answers, and loads only its own native modules; ./keys makes a key it accepts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'askdata-package-sqlite-'));
    const env = { DATABASE_URL: `file:${join(dir, 'store.db')}`, DATA_SOURCE_URL: testWarehousePath(), SEMANTIC_MODEL: model() };
    try {
      const server = await startPackaged(unpacked, { ...env, API_KEYS: KEY });
      try {
        const answer = await ask(server.url, KEY, 'Revenue by category');
        expect(answer).toMatchObject({ status: 200, body: { type: 'chart' } });
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
        // The playground's client module was built with the bundles and shipped as a file (runtimeFiles).
        const clientModule = await fetch(`${server.url}/playground/vendor/askdata-client.mjs`);
        expect(clientModule.status).toBe(200);
        expect(await clientModule.text()).toContain('answerStream');
        const native = server.nativeModules();
        expect(native).toEqual(expect.arrayContaining([join(unpacked.dir, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')]));
        expect(native.filter((path) => !path.startsWith(`${unpacked.dir}/`))).toEqual([]);
      } finally {
        expect(await server.stop()).toBe(0);
      }
      // The store is migrated now; a key made with the package's own command works without API_KEYS.
      const created = execFileSync(join(unpacked.dir, 'keys'), ['create', 'ops'], { env: { PATH: process.env.PATH ?? '', DATABASE_URL: env.DATABASE_URL }, encoding: 'utf8' });
      const key = /^(ak_\S+)$/m.exec(created)?.[1] ?? '';
      expect(key).not.toBe('');
      const again = await startPackaged(unpacked, env);
      try {
        expect(await ask(again.url, key, 'How many orders are there?')).toMatchObject({ status: 200, body: { type: 'text' } });
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('starts on a fresh PostgreSQL store with PostgreSQL data and answers', async () => {
    const store = await createTestDatabase('package_v1_store');
    databases.push(store);
    const data = await createDemoWarehouseOnPostgres('package_v1_data');
    databases.push(data);
    const server = await startPackaged(unpacked, { DATABASE_URL: store.url, DATA_SOURCE_URL: data.url, SEMANTIC_MODEL: model(), API_KEYS: KEY });
    try {
      expect(await ask(server.url, KEY, 'Revenue by category')).toMatchObject({ status: 200, body: { type: 'chart' } });
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 300_000);

  it('serves through the shipped nginx site, which passes nginx -t; the Dockerfile runs the package as a non-root user and its HEALTHCHECK passes', async () => {
    expect(nginxTest('api-v1')).toMatchObject({ status: 0, output: expect.stringContaining('syntax is ok') });
    const instructions = dockerInstructions('api-v1');
    expect(instructions.filter((line) => line.startsWith('FROM '))).toHaveLength(2);
    expect(instructions).toContain('RUN npm ci --no-audit --no-fund && npm run package -w apps/api-v1');
    const copied = /^COPY --from=build \S+ \/src\/(\S+?)\/? \.\/$/.exec(instructions.find((line) => line.startsWith('COPY --from=build')) ?? '')?.[1];
    expect(join(repoRoot, copied ?? '')).toBe(packageFolder('api-v1'));
    expect(instructions).toContain('USER node');
    expect(instructions).toContain('CMD ["./start"]');

    const dir = mkdtempSync(join(tmpdir(), 'askdata-package-deploy-'));
    const port = await freePort();
    const server = await startPackaged(unpacked, { API_KEYS: KEY, PORT: String(port), TRUST_PROXY_HOPS: '1', DATABASE_URL: `file:${join(dir, 'store.db')}`, DATA_SOURCE_URL: testWarehousePath(), SEMANTIC_MODEL: model() });
    try {
      expect(await runDockerHealthcheck('api-v1', port)).toBe(0);
      const viaNginx = await startNginxSite('api-v1', await freePort(), port);
      try {
        expect(await (await fetch(`${viaNginx.url}/healthz`)).json()).toEqual({ status: 'ok', service: 'askdata api-v1' });
        expect(await ask(viaNginx.url, KEY, 'Revenue by category')).toMatchObject({ status: 200, body: { type: 'chart' } });
      } finally {
        await viaNginx.stop();
      }
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await runDockerHealthcheck('api-v1', port)).toBe(1);
  }, 300_000);

  it('passes systemd-analyze verify as askdata@api-v1, pointed at the unpacked package', () => {
    expect(verifySystemdUnit('api-v1', unpacked.dir)).toEqual({ status: 0, output: '' });
  });
});
