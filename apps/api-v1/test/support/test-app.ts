/**
 * createApp with real dependencies, a captured log and a test config. Each suite builds one TestApp in
 * beforeAll and closes it in afterAll.
 */
import type { BuiltAnswerDeps, ResultCacheSettings } from '@askdata/service';
import type { Store } from '@askdata/db';
import { createMemoryTransport } from '@askdata/http-kit';
import type { Express } from 'express';
import type { Logger } from 'winston';
import { createApp } from '../../src/app';
import { loadConfig, type ApiConfig } from '../../src/config';
import { createApiLogger } from '../../src/logger';
import { withFreshRateLimits } from '../../../../test-support/fresh-rate-limits';
import { buildTestAnswerDeps, openTestStore, type StoreKind, type TestStore } from './test-deps';

/** Two env keys, so "another key" can be tested without the database. */
export const ENV_KEY = 'env-key-0123456789abcdef';
export const OTHER_ENV_KEY = 'env-key-fedcba9876543210';
export const auth = (key: string): [string, string] => ['Authorization', `Bearer ${key}`];

export interface TestApp {
  app: Express;
  config: ApiConfig;
  testStore: TestStore;
  answerDeps: BuiltAnswerDeps;
  logger: Logger;
  /** Every serialised log line so far. */
  logLines: string[];
  /** A new app on the same answer deps and (possibly reopened or wrapped) store; shares the log. */
  rebuild(options?: { store?: Store; config?: Partial<ApiConfig>; clock?: () => Date }): Express;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  return { ...loadConfig({ API_KEYS: `${ENV_KEY},${OTHER_ENV_KEY}`, LOG_LEVEL: 'debug' }), ...overrides };
}

export async function createTestApp(options: { storeKind?: StoreKind; config?: Partial<ApiConfig>; clock?: () => Date; resultCache?: ResultCacheSettings } = {}): Promise<TestApp> {
  const testStore = await openTestStore(options.storeKind ?? 'sqlite');
  const answerDeps = await buildTestAnswerDeps(options.resultCache ? { resultCache: options.resultCache } : {});
  const { transport, lines } = createMemoryTransport();
  const baseConfig = testConfig({ DATABASE_URL: testStore.url, ...options.config });
  const logger = createApiLogger({ LOG_LEVEL: baseConfig.LOG_LEVEL, API_KEYS: baseConfig.API_KEYS, transports: [transport] });
  // Each app built here counts its rate limits afresh (in the real store table, under its own prefix).
  const build = (store: Store, config: ApiConfig, clock?: () => Date): Express =>
    createApp({ config, store: withFreshRateLimits(store), answerDeps, logger, ...(clock ? { clock } : {}) });
  const testApp: TestApp = {
    app: build(testStore.store, baseConfig, options.clock),
    config: baseConfig,
    testStore,
    answerDeps,
    logger,
    logLines: lines,
    rebuild: (rebuild = {}) => build(rebuild.store ?? testStore.store, { ...baseConfig, ...rebuild.config }, rebuild.clock),
    async close() {
      await answerDeps.close();
      await testStore.cleanup();
    },
  };
  return testApp;
}

/** The admin key adminAppOver's app accepts, besides the env keys. */
export const ADMIN_KEY = 'admin-key-0123456789abcdef';

/**
 * An app over answer deps the suite built itself (its own warehouse), with a fresh SQLite store, a quiet
 * log and ADMIN_KEY: what the verified-SQL suites need. The caller closes its deps; `cleanup` the store.
 */
export async function adminAppOver(answerDeps: BuiltAnswerDeps): Promise<{ app: Express; store: TestStore }> {
  const store = await openTestStore('sqlite');
  const config = testConfig({ DATABASE_URL: store.url, RATE_LIMIT_PER_MINUTE: 100_000, ADMIN_API_KEYS: [ADMIN_KEY] });
  const logger = createApiLogger({ LOG_LEVEL: config.LOG_LEVEL, API_KEYS: config.API_KEYS, transports: [createMemoryTransport().transport] });
  return { app: createApp({ config, store: store.store, answerDeps, logger }), store };
}
