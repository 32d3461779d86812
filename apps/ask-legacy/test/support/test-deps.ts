/**
 * Real dependencies for the integration tests, as api-v1's tests build them: a real store (SQLite in a
 * temp dir, or a fresh PostgreSQL database from test-support), the real demo warehouse (small scale,
 * pinned "now", cached across test files) and core's real answer dependencies. Nothing is mocked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@askdata/db';
import { createTestDatabase } from '../../../../test-support/postgres';
import type { StoreKind } from '../../../../test-support/demo-deps';

export { buildTestAnswerDeps, TEST_NOW, testWarehousePath, type StoreKind } from '../../../../test-support/demo-deps';

export interface TestStore {
  readonly url: string;
  readonly store: Store;
  cleanup(): Promise<void>;
}

export async function openTestStore(kind: StoreKind): Promise<TestStore> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'askdata-ask-legacy-'));
    const url = `file:${join(dir, 'app.db')}`;
    const store = await openStore(url);
    return { url, store, cleanup: async () => (await store.close(), rmSync(dir, { recursive: true, force: true })) };
  }
  const database = await createTestDatabase('ask_legacy');
  const store = await openStore(database.url);
  return { url: database.url, store, cleanup: async () => (await store.close(), await database.drop()) };
}
