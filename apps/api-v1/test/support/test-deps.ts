/**
 * Real dependencies for the integration tests: a real store (SQLite in a temp dir, or a fresh PostgreSQL
 * database from test-support), the real demo warehouse (small scale, pinned "now", cached across test
 * files) and core's real answer dependencies. Nothing is mocked.
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
  store: Store;
  /** Closes the store and opens the same database again: a process restart, as far as data goes. */
  reopen(): Promise<Store>;
  cleanup(): Promise<void>;
}

export async function openTestStore(kind: StoreKind = 'sqlite'): Promise<TestStore> {
  let url: string;
  let dropDatabase: () => Promise<void>;
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'askdata-api-v1-'));
    url = `file:${join(dir, 'app.db')}`;
    dropDatabase = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const database = await createTestDatabase('api_v1');
    url = database.url;
    dropDatabase = () => database.drop();
  }
  const handle: TestStore = {
    url,
    store: await openStore(url),
    async reopen() {
      await handle.store.close();
      handle.store = await openStore(url);
      return handle.store;
    },
    async cleanup() {
      await handle.store.close();
      await dropDatabase();
    },
  };
  return handle;
}
