/**
 * createApp with real dependencies, a captured log and a test config. Each suite builds one TestApp in
 * beforeAll and closes it in afterAll; rebuild() makes another app (other config, clock) on the same deps.
 */
import type { BuiltAnswerDeps } from '@askdata/service';
import type { Store } from '@askdata/db';
import { createMemoryTransport } from '@askdata/http-kit';
import type { Express } from 'express';
import { createApp } from '../../src/app';
import { loadConfig, type LegacyConfig } from '../../src/config';
import { createLegacyLogger } from '../../src/logger';
import { withFreshRateLimits } from '../../../../test-support/fresh-rate-limits';
import { buildTestAnswerDeps, openTestStore, type StoreKind, type TestStore } from './test-deps';

export const ASK_PATH = '/ask';

export interface TestApp {
  app: Express;
  testStore: TestStore;
  answerDeps: BuiltAnswerDeps;
  /** Every serialised log line so far (shared by rebuilt apps). */
  logLines: string[];
  rebuild(options?: { config?: Partial<LegacyConfig>; clock?: () => Date; store?: Store }): Express;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<LegacyConfig> = {}): LegacyConfig {
  return { ...loadConfig({ LOG_LEVEL: 'debug' }), ...overrides };
}

export async function createTestApp(options: { storeKind?: StoreKind; config?: Partial<LegacyConfig> } = {}): Promise<TestApp> {
  const testStore = await openTestStore(options.storeKind ?? 'sqlite');
  const answerDeps = await buildTestAnswerDeps();
  const { transport, lines } = createMemoryTransport();
  const baseConfig = testConfig({ DATABASE_URL: testStore.url, ...options.config });
  const logger = createLegacyLogger({ LOG_LEVEL: baseConfig.LOG_LEVEL, ASK_LEGACY_TOKEN: baseConfig.ASK_LEGACY_TOKEN, transports: [transport] });
  // Each app built here counts its rate limits afresh (in the real store table, under its own prefix).
  const build = (config: LegacyConfig, clock?: () => Date, store: Store = testStore.store): Express =>
    createApp({ config, store: withFreshRateLimits(store), answerDeps, logger, ...(clock ? { clock } : {}) });
  return {
    app: build(baseConfig),
    testStore,
    answerDeps,
    logLines: lines,
    rebuild: (rebuild = {}) => build({ ...baseConfig, ...rebuild.config }, rebuild.clock, rebuild.store),
    async close() {
      await answerDeps.close();
      await testStore.cleanup();
    },
  };
}
