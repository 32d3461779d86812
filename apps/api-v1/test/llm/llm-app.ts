/**
 * The real app with NL_ENGINE=hybrid, built the way server.ts builds it: env -> loadConfig ->
 * runtimeOptionsFrom -> openRuntime (store, warehouse, createAnswerDeps with the engine) -> createApp.
 * Only the warehouse (the suite's small demo copy) and the pipeline's clock are the tests' own.
 */
import { createMemoryTransport } from '@askdata/http-kit';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { openRuntime, runtimeOptionsFrom, type Runtime } from '@askdata/service';
import type { Express } from 'express';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createApiLogger } from '../../src/logger';
import { ENV_KEY } from '../support/test-app';
import { openTestStore, TEST_NOW, testWarehousePath, type StoreKind, type TestStore } from '../support/test-deps';

export const LLM_KEY = 'sk-llm-test-4f1c9a0b7d2e';

export interface LlmTestApp {
  app: Express;
  runtime: Runtime;
  logLines: string[];
  close(): Promise<void>;
}

export async function createLlmTestApp(options: { storeKind: StoreKind; llmBaseUrl: string; env?: Record<string, string> }): Promise<LlmTestApp> {
  const testStore: TestStore = await openTestStore(options.storeKind);
  const config = loadConfig({
    API_KEYS: ENV_KEY,
    LOG_LEVEL: 'debug',
    DATABASE_URL: testStore.url,
    DATA_SOURCE_URL: testWarehousePath(),
    SEMANTIC_MODEL: DEMO_MODEL_PATH,
    NL_ENGINE: 'hybrid',
    LLM_BASE_URL: options.llmBaseUrl,
    LLM_MODEL: 'stub-planner-7b',
    LLM_API_KEY: LLM_KEY,
    LLM_TIMEOUT_MS: '2000',
    LLM_MAX_RETRIES: '1',
    ...options.env,
  });
  const runtime = await openRuntime({ ...runtimeOptionsFrom(config), clock: () => TEST_NOW });
  const { transport, lines } = createMemoryTransport();
  const logger = createApiLogger({ LOG_LEVEL: config.LOG_LEVEL, API_KEYS: config.API_KEYS, transports: [transport] });
  return {
    app: createApp({ config, store: runtime.store, answerDeps: runtime.answerDeps, logger }),
    runtime,
    logLines: lines,
    async close() {
      await runtime.close();
      await testStore.cleanup();
    },
  };
}
