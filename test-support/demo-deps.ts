/**
 * The demo data both apps' integration tests share: the real demo warehouse (small scale, pinned "now",
 * generated once per machine and day and reused across test files — ensureDemoWarehouse is safe when
 * several Jest workers race for it) and core's real answer dependencies over it. Nothing is mocked.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnswerDeps, type BuiltAnswerDeps, type ResultCacheSettings } from '@askdata/service';
import { DEMO_MODEL_PATH, ensureDemoWarehouse } from '@askdata/demo-data';

/** "Now" for the whole suite: the warehouse is generated up to it and the pipeline's clock is pinned to it. */
export const TEST_NOW = new Date('2026-03-15T12:00:00.000Z');
const DEMO_SCALE = 0.05;

export type StoreKind = 'sqlite' | 'postgres';

export function testWarehousePath(): string {
  const path = join(tmpdir(), `askdata-test-demo-${DEMO_SCALE}-${TEST_NOW.toISOString().slice(0, 10)}.sqlite`);
  return ensureDemoWarehouse(path, { scale: DEMO_SCALE, now: TEST_NOW }).path;
}

/** Without `resultCache` no result is cached (each question runs its query), as most suites expect. */
export function buildTestAnswerDeps(options: { resultCache?: ResultCacheSettings } = {}): Promise<BuiltAnswerDeps> {
  return createAnswerDeps({
    dataSourceUrl: testWarehousePath(),
    semanticModelPath: DEMO_MODEL_PATH,
    timezone: 'UTC',
    maxRows: 1000,
    timeoutMs: 10_000,
    clock: () => TEST_NOW,
    ...(options.resultCache ? { resultCache: options.resultCache } : {}),
  });
}
