/**
 * The ask-legacy package as its host receives it (`npm run package -w apps/ask-legacy`): unpacked in an
 * empty directory outside the repository and started with its own `./start`, it migrates a fresh store
 * and answers POST /ask, on SQLite and on PostgreSQL (store and data); its native modules are its own.
 * Its `migrate` command prepares a store before the server ever starts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoWarehouseOnPostgres } from '../../../../test-support/demo-warehouse-on-postgres';
import { testWarehousePath } from '../../../../test-support/demo-deps';
import { packAndUnpack, startPackaged, type UnpackedApp } from '../../../../test-support/packaged-app';
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
});
