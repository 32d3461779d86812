/**
 * The api-v1 configuration: every environment variable it reads, parsed once with zod at start-up. A bad
 * value stops start-up with a message naming the variable (see http-kit's parseEnv). The field names
 * stay the variable names, so the config table in the README, the env and the code read the same.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseDatabaseUrl } from '@askdata/db';
import { DEMO_MODEL_PATH, defaultDemoWarehousePath } from '@askdata/demo-data';
import { envByteSize, envInt, envList, envString, envTimeZone, findRepoRoot, logLevels, parseEnv } from '@askdata/http-kit';
import { z } from 'zod';

/** API keys travel in a header: visible ASCII without separators, and long enough not to be guessed. */
const apiKeySchema = z
  .string()
  .min(12, { message: 'each key must be at least 12 characters' })
  .regex(/^[A-Za-z0-9._~+/=-]+$/, { message: 'each key may only use letters, digits and ._~+/=-' });

/** The store's own parser decides what a valid DATABASE_URL is; its message never includes a password. */
function databaseUrlSchema(fallback: string) {
  return envString(fallback).superRefine((url, ctx) => {
    try {
      parseDatabaseUrl(url);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message.replace(/^askdata: /, '') : 'is not a valid database URL' });
    }
  });
}

export function configSchema(repoRoot: string) {
  return z.object({
    PORT: envInt({ default: 3000, min: 0, max: 65535 }),
    HOST: envString('0.0.0.0'),
    DATABASE_URL: databaseUrlSchema(`file:${join(repoRoot, 'data', 'app.db')}`),
    // Unset means the embedded demo warehouse (created on start when missing) with its model.
    DATA_SOURCE_URL: envString().optional(),
    SEMANTIC_MODEL: envString()
      .optional()
      .refine((path) => path === undefined || existsSync(path), { message: 'names a file that does not exist' }),
    TENANCY: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['none']).optional()),
    API_KEYS: envList(apiKeySchema),
    LOG_LEVEL: z.preprocess((v) => (v === '' ? undefined : v), z.enum(logLevels).default('info')),
    TIMEZONE: envTimeZone('UTC'),
    MAX_ROWS: envInt({ default: 1000, min: 1, max: 100_000 }),
    QUERY_TIMEOUT_MS: envInt({ default: 10_000, min: 100, max: 600_000 }),
    BODY_LIMIT: envByteSize({ default: '64kb', min: 1024, max: 10 * 1024 * 1024 }),
    MAX_QUESTION_LENGTH: envInt({ default: 1000, min: 1, max: 100_000 }),
    RATE_LIMIT_PER_MINUTE: envInt({ default: 120, min: 1, max: 1_000_000 }),
    /** How long SIGTERM waits for in-flight requests before forcing the exit. */
    SHUTDOWN_TIMEOUT_MS: envInt({ default: 10_000, min: 0, max: 120_000 }),
  })
  .transform((config) => {
    const DEMO_DATA = config.DATA_SOURCE_URL === undefined;
    // The demo model is the default only for the demo data, and only when the operator did not choose
    // single-tenant introspection (TENANCY=none) instead.
    const demoModel = DEMO_DATA && config.TENANCY === undefined ? DEMO_MODEL_PATH : undefined;
    return {
      ...config,
      DATA_SOURCE_URL: config.DATA_SOURCE_URL ?? defaultDemoWarehousePath(join(repoRoot, 'data')),
      SEMANTIC_MODEL: config.SEMANTIC_MODEL ?? demoModel,
      /** True when serving the embedded demo warehouse (DATA_SOURCE_URL unset). */
      DEMO_DATA,
    };
  });
}

export type ApiConfig = z.output<ReturnType<typeof configSchema>>;

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env, repoRoot: string = findRepoRoot(__dirname)): ApiConfig {
  return parseEnv(configSchema(repoRoot), env);
}
