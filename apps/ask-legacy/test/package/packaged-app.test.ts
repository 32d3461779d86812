/**
 * The ask-legacy package as its host receives it (`npm run package -w apps/ask-legacy`): unpacked in an
 * empty directory outside the repository and started with its own `./start`, it migrates a fresh store
 * and answers POST /ask, on SQLite and on PostgreSQL (store and data); its native modules are its own.
 * Its `migrate` command prepares a store before the server ever starts. The deploy files are checked
 * against it as far as this machine allows: requests through the shipped nginx site (which passes
 * `nginx -t`), the Dockerfile's steps and its HEALTHCHECK run against the packaged server, and
 * `systemd-analyze verify` of askdata@ask-legacy pointed at the unpacked package.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoWarehouseOnPostgres } from '../../../../test-support/demo-warehouse-on-postgres';
import { testWarehousePath } from '../../../../test-support/demo-deps';
import { dockerInstructions, nginxTest, runDockerHealthcheck, startNginxSite, verifySystemdUnit } from '../../../../test-support/deploy-checks';
import { packAndUnpack, packageFolder, repoRoot, startPackaged, type UnpackedApp } from '../../../../test-support/packaged-app';
import { freePort } from '../../../../test-support/postgres-server';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/postgres';

async function ask(url: string, question: string): Promise<{ status: number; body: { type?: string } }> {
  const res = await fetch(`${url}/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ question, conversationId: 'package-1', requestContext: { userId: 'u-1', orgId: 1 } }),
  });
  return { status: res.status, body: (await res.json()) as { type?: string } };
}

describe('the ask-legacy package, outside the repository', () => {
  let unpacked: UnpackedApp;
  const databases: TestDatabase[] = [];
  beforeAll(() => {
    unpacked = packAndUnpack('ask-legacy');
  }, 600_000);
  afterAll(async () => {
    unpacked?.cleanup();
    for (const database of databases) await database.drop();
  });

  const model = () => join(unpacked.dir, 'packages', 'demo-data', 'model', 'demo-model.yaml');

  it('starts on a fresh SQLite store and answers /ask, with only its own native modules', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'askdata-package-legacy-'));
    try {
      const server = await startPackaged(unpacked, { DATABASE_URL: `file:${join(dir, 'store.db')}`, DATA_SOURCE_URL: testWarehousePath(), SEMANTIC_MODEL: model() });
      try {
        expect(await ask(server.url, 'Revenue by category')).toMatchObject({ status: 200, body: { type: 'chart' } });
        expect(server.nativeModules().filter((path) => !path.startsWith(`${unpacked.dir}/`))).toEqual([]);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('migrates a fresh PostgreSQL store with ./migrate, then starts on it with PostgreSQL data and answers', async () => {
    const store = await createTestDatabase('package_legacy_store');
    databases.push(store);
    const data = await createDemoWarehouseOnPostgres('package_legacy_data');
    databases.push(data);
    const migrated = execFileSync(join(unpacked.dir, 'migrate'), [], { env: { PATH: process.env.PATH ?? '', DATABASE_URL: store.url }, encoding: 'utf8' });
    expect(migrated).toMatch(/applied \d{14}_/);
    const server = await startPackaged(unpacked, { DATABASE_URL: store.url, DATA_SOURCE_URL: data.url, SEMANTIC_MODEL: model() });
    try {
      expect(await ask(server.url, 'Revenue by category')).toMatchObject({ status: 200, body: { type: 'chart' } });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 300_000);

  it('serves through the shipped nginx site, which passes nginx -t; the Dockerfile runs the package as a non-root user and its HEALTHCHECK passes', async () => {
    expect(nginxTest('ask-legacy')).toMatchObject({ status: 0, output: expect.stringContaining('syntax is ok') });
    const instructions = dockerInstructions('ask-legacy');
    expect(instructions.filter((line) => line.startsWith('FROM '))).toHaveLength(2);
    expect(instructions).toContain('RUN npm ci --no-audit --no-fund && npm run package -w apps/ask-legacy');
    const copied = /^COPY --from=build \S+ \/src\/(\S+?)\/? \.\/$/.exec(instructions.find((line) => line.startsWith('COPY --from=build')) ?? '')?.[1];
    expect(join(repoRoot, copied ?? '')).toBe(packageFolder('ask-legacy'));
    expect(instructions).toContain('USER node');
    expect(instructions).toContain('CMD ["./start"]');

    const dir = mkdtempSync(join(tmpdir(), 'askdata-package-deploy-'));
    const port = await freePort();
    const server = await startPackaged(unpacked, { PORT: String(port), TRUST_PROXY_HOPS: '1', DATABASE_URL: `file:${join(dir, 'store.db')}`, DATA_SOURCE_URL: testWarehousePath(), SEMANTIC_MODEL: model() });
    try {
      expect(await runDockerHealthcheck('ask-legacy', port)).toBe(0);
      const viaNginx = await startNginxSite('ask-legacy', await freePort(), port);
      try {
        expect(await (await fetch(`${viaNginx.url}/healthz`)).json()).toEqual({ status: 'ok', service: 'askdata ask-legacy' });
        expect(await ask(viaNginx.url, 'Revenue by category')).toMatchObject({ status: 200, body: { type: 'chart' } });
      } finally {
        await viaNginx.stop();
      }
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await runDockerHealthcheck('ask-legacy', port)).toBe(1);
  }, 300_000);

  it('passes systemd-analyze verify as askdata@ask-legacy, pointed at the unpacked package', () => {
    expect(verifySystemdUnit('ask-legacy', unpacked.dir)).toEqual({ status: 0, output: '' });
  });
});
