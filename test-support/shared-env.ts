/**
 * The variables both apps share, parsed by the shared shape itself (@askdata/service's runtimeEnvShape
 * with the demo defaults). Each app's config test compares its own loadConfig against this, so the two
 * apps parse every shared variable identically without either test importing the other app.
 */
import { parseEnv } from '@askdata/env';
import { runtimeEnvShape, withDemoDefaults } from '@askdata/service';
import { z } from 'zod';

export const SHARED_ENV_SAMPLE: Readonly<Record<string, string>> = {
  DATABASE_URL: 'postgres://askdata@db/askdata',
  DATA_SOURCE_URL: 'postgres://reader@warehouse/shop',
  TIMEZONE: 'Europe/Berlin',
  MAX_ROWS: '50',
  QUERY_TIMEOUT_MS: '2000',
  BODY_LIMIT: '16kb',
  MAX_QUESTION_LENGTH: '300',
  LOG_LEVEL: 'http',
  RATE_LIMIT_PER_MINUTE: '30',
  RESULT_CACHE_TTL_MS: '5000',
  RESULT_CACHE_MAX_BYTES: '8mb',
  MODEL_FILE_MAX_BYTES: '2mb',
  SHUTDOWN_TIMEOUT_MS: '500',
  TENANCY: 'none',
  TENANT_POOLS_MAX: '4',
  TENANT_POOL_IDLE_MS: '30000',
  TENANT_POOL_CONNECTIONS: '1',
};

/** [name, value] of every shared variable (and DEMO_DATA) in `config`, for a readable comparison. */
export function sharedEntries(config: Record<string, unknown>, repoRoot: string): [string, unknown][] {
  return [...Object.keys(runtimeEnvShape(repoRoot)), 'DEMO_DATA'].map((name) => [name, config[name]]);
}

export function parseSharedEnv(env: Readonly<Record<string, string>>, repoRoot: string): Record<string, unknown> {
  return parseEnv(z.object(runtimeEnvShape(repoRoot)).transform(withDemoDefaults(repoRoot)), env);
}
