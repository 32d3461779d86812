/**
 * The api-v1 app on PostgreSQL for BOTH the data source (the test warehouse copied into PostgreSQL) and
 * the service's store, on a private server the fault tests may stop and start.
 */
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createMemoryTransport } from '@askdata/http-kit';
import { openRuntime, type Runtime } from '@askdata/service';
import type { Express } from 'express';
import { copySqlite } from '../../../../../test-support/copy-sqlite';
import { createApp } from '../../../src/app';
import { createApiLogger } from '../../../src/logger';
import { testConfig } from '../../support/test-app';
import { TEST_NOW, testWarehousePath } from '../../support/test-deps';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';

export interface PostgresRuntime {
  pg: PrivatePostgres;
  runtime: Runtime;
  app: Express;
  logLines: string[];
  close(): Promise<void>;
}

export async function startPostgresRuntime(): Promise<PostgresRuntime> {
  const pg = await startPrivatePostgres();
  try {
    const warehouseUrl = await pg.createDatabase('warehouse');
    await copySqlite(testWarehousePath(), { engine: 'postgres', url: warehouseUrl });
    const storeUrl = await pg.createDatabase('app');
    const runtime = await openRuntime({
      databaseUrl: storeUrl,
      dataSourceUrl: warehouseUrl,
      semanticModelPath: DEMO_MODEL_PATH,
      timezone: 'UTC',
      maxRows: 1000,
      timeoutMs: 5000,
      clock: () => TEST_NOW,
    });
    const config = testConfig({ DATABASE_URL: storeUrl });
    const { transport, lines } = createMemoryTransport();
    const logger = createApiLogger({ LOG_LEVEL: 'debug', API_KEYS: config.API_KEYS, transports: [transport] });
    const app = createApp({ config, store: runtime.store, answerDeps: runtime.answerDeps, logger });
    return {
      pg,
      runtime,
      app,
      logLines: lines,
      async close() {
        await runtime.close().catch(() => undefined);
        pg.destroy();
      },
    };
  } catch (error) {
    pg.destroy();
    throw error;
  }
}
