/**
 * The api-v1 configuration: every environment variable it reads, parsed once with zod at start-up. A bad
 * value stops start-up with a message naming the variable (see http-kit's parseEnv). The variables shared
 * with ask-legacy (store, data source, model, limits, logging) come from @askdata/service's
 * runtimeEnvShape, so the two apps cannot drift; only PORT, HOST, API_KEYS, ADMIN_API_KEYS, DEV_API_KEY_FILE, AUTH_FAILURES_PER_MINUTE and EXPLAIN_ENABLED are api-v1's own.
 * The field names stay the variable names, so the README's config table, the env and the code read the same.
 */
import { join } from 'node:path';
import { envInt, envList, envString, findRepoRoot, parseEnv } from '@askdata/env';
import { runtimeEnvShape, withDemoDefaults } from '@askdata/service';
import { z } from 'zod';
import { embedEnvShape, requireOAuthResource } from './embed-config';

/** API keys travel in a header: visible ASCII without separators, and long enough not to be guessed. */
const apiKeySchema = z
  .string()
  .min(12, { message: 'each key must be at least 12 characters' })
  .regex(/^[A-Za-z0-9._~+/=-]+$/, { message: 'each key may only use letters, digits and ._~+/=-' });

/** "true"/"false" (any case); blank or unset means the default. */
const envFlag = (defaultValue: boolean) =>
  z
    .preprocess((value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toLowerCase()) : value), z.enum(['true', 'false'], { message: 'must be true or false' }).default(defaultValue ? 'true' : 'false'))
    .transform((text) => text === 'true');

export function configSchema(repoRoot: string) {
  return z
    .object({
      ...runtimeEnvShape(repoRoot),
      PORT: envInt({ default: 3000, min: 0, max: 65535 }),
      HOST: envString('0.0.0.0'),
      API_KEYS: envList(apiKeySchema),
      /** Keys for /api/v1/admin/* (review queue, vocabulary, verified questions, audit); not answer keys unless also in API_KEYS. */
      ADMIN_API_KEYS: envList(apiKeySchema),
      /** Without API_KEYS, the dev key in this file (written by root `npm start`) is registered and accepted. */
      DEV_API_KEY_FILE: envString(join(repoRoot, 'data', 'dev-api-key')),
      /** Failed API key attempts per client address and minute (answer and admin routes together); then 429 for every key from that address until the minute ends. */
      AUTH_FAILURES_PER_MINUTE: envInt({ default: 30, min: 1, max: 1_000_000 }),
      /** GET .../answer/{id}/explain (plan, SQL, timings for the key that made the answer); false unmounts it. */
      EXPLAIN_ENABLED: envFlag(true),
      /** Tenant tokens, MCP's OAuth issuer, CORS and streaming (embed-config.ts). */
      ...embedEnvShape(),
    })
    .superRefine(requireOAuthResource)
    .transform(withDemoDefaults(repoRoot));
}

export type ApiConfig = z.output<ReturnType<typeof configSchema>>;

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env, repoRoot: string = findRepoRoot(__dirname)): ApiConfig {
  return parseEnv(configSchema(repoRoot), env);
}
