/**
 * The api-v1 configuration: every environment variable it reads, parsed once with zod at start-up. A bad
 * value stops start-up with a message naming the variable (see http-kit's parseEnv). The variables shared
 * with ask-legacy (store, data source, model, limits, logging) come from @askdata/service's
 * runtimeEnvShape, so the two apps cannot drift; only PORT, HOST and API_KEYS are api-v1's own.
 * The field names stay the variable names, so the README's config table, the env and the code read the same.
 */
import { envInt, envList, envString, findRepoRoot, parseEnv } from '@askdata/http-kit';
import { runtimeEnvShape, withDemoDefaults } from '@askdata/service';
import { z } from 'zod';

/** API keys travel in a header: visible ASCII without separators, and long enough not to be guessed. */
const apiKeySchema = z
  .string()
  .min(12, { message: 'each key must be at least 12 characters' })
  .regex(/^[A-Za-z0-9._~+/=-]+$/, { message: 'each key may only use letters, digits and ._~+/=-' });

export function configSchema(repoRoot: string) {
  return z
    .object({
      ...runtimeEnvShape(repoRoot),
      PORT: envInt({ default: 3000, min: 0, max: 65535 }),
      HOST: envString('0.0.0.0'),
      API_KEYS: envList(apiKeySchema),
    })
    .transform(withDemoDefaults(repoRoot));
}

export type ApiConfig = z.output<ReturnType<typeof configSchema>>;

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env, repoRoot: string = findRepoRoot(__dirname)): ApiConfig {
  return parseEnv(configSchema(repoRoot), env);
}
