/**
 * Real dependencies for the integration tests, as api-v1's tests build them: a real store (SQLite in a
 * temp dir, or a fresh PostgreSQL database from test-support), the real demo warehouse (small scale,
 * pinned "now", cached across test files) and core's real answer dependencies. Nothing is mocked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/core';
import { openStore, type Store } from '@askdata/db';
import { DEMO_MODEL_PATH, ensureDemoWarehouse } from '@askdata/demo-data';
import { createTestDatabase } from '../../../../test-support/postgres';

/** "Now" for the whole suite: the warehouse is generated up to it and the pipeline's clock is pinned to it. */
export const TEST_NOW = new Date('2026-03-15T12:00:00.000Z');
const DEMO_SCALE = 0.05;

export type StoreKind = 'sqlite' | 'postgres';

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

/** The demo warehouse at a small scale, generated once per machine and day-pinned by TEST_NOW. */
export function testWarehousePath(): string {
  const path = join(tmpdir(), `askdata-ask-legacy-demo-${DEMO_SCALE}-${TEST_NOW.toISOString().slice(0, 10)}.sqlite`);
  return ensureDemoWarehouse(path, { scale: DEMO_SCALE, now: TEST_NOW }).path;
}

export function buildTestAnswerDeps(): Promise<BuiltAnswerDeps> {
  return createAnswerDeps({
    dataSourceUrl: testWarehousePath(),
    semanticModelPath: DEMO_MODEL_PATH,
    timezone: 'UTC',
    maxRows: 1000,
    timeoutMs: 10_000,
    clock: () => TEST_NOW,
  });
}
