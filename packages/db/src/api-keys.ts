import { createHash, randomBytes, scryptSync } from 'node:crypto';

/**
 * API keys: `ak_` + 32 random bytes (256 bits) in base64url. Stored as a plain SHA-256 hex digest: the
 * secret already has full entropy, so a slow password hash would add nothing but per-request latency.
 */
export const API_KEY_PREFIX = 'ak_';
const SHOWN_CHARS = 8;

export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The part of a key that is safe to show and log: `ak_` and the first 8 characters after it. */
export function keyPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + SHOWN_CHARS);
}

/**
 * The owner id of a key listed in API_KEYS: `env:` and a one-way id derived from the key itself, so a
 * conversation belongs to the key that made it whatever position the key has in the list. (It used to be
 * the position, `env:0`, `env:1`: removing A from `A,B` handed A's conversations to B.) Rows stored under a
 * removed key are reachable by no other key.
 *
 * The id is written to the store and the access log, and an operator may pick a short key, so it is made
 * with scrypt (a slow, memory-hard hash: guessing a key from its id costs as much as guessing a password)
 * rather than a bare SHA-256. That costs tens of milliseconds, paid once per key per process (memoised).
 */
const ENV_KEY_ID_SALT = 'askdata:env-key-id:v1';
const envKeyIds = new Map<string, string>();

export function envKeyPrincipal(key: string): string {
  let id = envKeyIds.get(key);
  if (id === undefined) {
    id = `env:${scryptSync(key, ENV_KEY_ID_SALT, 12, { N: 16384, r: 8, p: 1 }).toString('hex')}`;
    if (envKeyIds.size < 1000) envKeyIds.set(key, id);
  }
  return id;
}
