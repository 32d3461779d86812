/**
 * The ask-legacy configuration, parsed once with zod at start-up (a bad value stops start-up naming the
 * variable, never echoing its value). The store, data source, model, limits and logging variables are
 * the ones api-v1 reads (@askdata/service's runtimeEnvShape), so one env file serves both apps; the rest
 * is this app's own: its port, the optional shared secret, the per-address-and-organisation limit and proxy trust.
 */
import { envInt, envString, findRepoRoot, parseEnv } from '@askdata/env';
import { runtimeEnvShape, withDemoDefaults } from '@askdata/service';
import { z } from 'zod';

/** A bearer token: RFC 6750 b64token characters, and long enough not to be guessed. Blank counts as unset. */
const tokenSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .min(16, { message: 'must be at least 16 characters' })
    .regex(/^[A-Za-z0-9\-._~+/]+=*$/, { message: 'may only use letters, digits and -._~+/ (then =)' })
    .optional(),
);

export function configSchema(repoRoot: string) {
  return z
    .object({
      ...runtimeEnvShape(repoRoot),
      PORT: envInt({ default: 3001, min: 0, max: 65535 }),
      HOST: envString('0.0.0.0'),
      /** When set, every /ask request needs `Authorization: Bearer <token>`; unset means no auth (see README). */
      ASK_LEGACY_TOKEN: tokenSchema,
      /** Requests per minute per (client address, organisation), on top of RATE_LIMIT_PER_MINUTE per client address; never per organisation alone (see app.ts). */
      ORG_RATE_LIMIT_PER_MINUTE: envInt({ default: 600, min: 1, max: 1_000_000 }),
    })
    .transform(withDemoDefaults(repoRoot));
}

export type LegacyConfig = z.output<ReturnType<typeof configSchema>>;

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env, repoRoot: string = findRepoRoot(__dirname)): LegacyConfig {
  return parseEnv(configSchema(repoRoot), env);
}
