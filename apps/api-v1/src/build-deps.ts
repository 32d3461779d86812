/**
 * The real dependencies of the app, from the config: the shared runtime (@askdata/service) opens the
 * store (migrated), creates the demo warehouse when it is the data source and missing, and builds
 * core's answer dependencies. One close() releases everything, for graceful shutdown.
 */
import { openRuntime, type Runtime } from '@askdata/service';
import type { ApiConfig } from './config';

export type ServiceDeps = Runtime;

export function buildDeps(config: ApiConfig): Promise<ServiceDeps> {
  return openRuntime({
    databaseUrl: config.DATABASE_URL,
    ...(config.DEMO_DATA ? {} : { dataSourceUrl: config.DATA_SOURCE_URL }),
    ...(config.SEMANTIC_MODEL ? { semanticModelPath: config.SEMANTIC_MODEL } : {}),
    ...(config.TENANCY ? { tenancy: config.TENANCY } : {}),
    timezone: config.TIMEZONE,
    maxRows: config.MAX_ROWS,
    timeoutMs: config.QUERY_TIMEOUT_MS,
  });
}
