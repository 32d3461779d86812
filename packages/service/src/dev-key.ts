/**
 * The development API key `npm start` prints. Made once per checkout and kept in data/dev-api-key
 * (git-ignored, mode 600), so the README's curl examples keep working across restarts. Used only when
 * the operator has not set API_KEYS.
 *
 * The key is registered in the store like any `npm run keys -- create` key (only its hash is stored), so
 * every way of starting api-v1 on that store accepts it — root `npm start` and `npm start -w apps/api-v1`
 * alike — and `npm run keys -- list` shows it, and `revoke` works on it.
 */
import { generateApiKey, hashApiKey, isUniqueViolation, keyPrefix, type Store } from '@askdata/db';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { devKeyPath } from './paths';

/** The name the key is listed under in `npm run keys -- list`. */
export const DEV_KEY_NAME = 'development key (data/dev-api-key)';

/** What a bearer token may contain (RFC 6750 b64token), and the length generateApiKey always exceeds. */
const KEY_SHAPE = /^[A-Za-z0-9\-._~+/]{20,}=*$/;

/** The key in `path`, or null when the file is missing or does not hold a key. */
export function readDevKey(path = devKeyPath()): string | null {
  if (!existsSync(path)) return null;
  const key = readFileSync(path, 'utf8').trim();
  return KEY_SHAPE.test(key) ? key : null;
}

function writeNewDevKey(path: string): string {
  mkdirSync(dirname(path), { recursive: true });
  const key = generateApiKey();
  writeFileSync(path, key + '\n', { mode: 0o600 });
  return key;
}

/** The key in `path`, written there first when the file is missing or does not hold a key. */
export function ensureDevKey(path = devKeyPath()): string {
  return readDevKey(path) ?? writeNewDevKey(path);
}

export type DevKeyRegistration = 'registered' | 'already-registered' | 'revoked';

/**
 * Stores the key's hash under DEV_KEY_NAME unless the store has it already. A key that was revoked stays
 * revoked: the hash is unique, so the insert fails and the caller hears 'revoked'.
 */
export async function registerDevKey(store: Store, key: string): Promise<DevKeyRegistration> {
  const keyHash = hashApiKey(key);
  if (await store.apiKeys.findActiveByHash(keyHash)) return 'already-registered';
  try {
    await store.apiKeys.create({ name: DEV_KEY_NAME, keyHash, prefix: keyPrefix(key) });
    return 'registered';
  } catch (error) {
    // Another process may have registered it between the lookup and the insert.
    if (await store.apiKeys.findActiveByHash(keyHash)) return 'already-registered';
    if (isUniqueViolation(error)) return 'revoked';
    throw error;
  }
}

/**
 * Root `npm start`: the dev key, registered in `store`. When the operator revoked the previous one, a new
 * key replaces it in the file (revoking means "not that key any more", and `npm start` promises a
 * working dev key); `replaced` says so.
 */
export async function ensureRegisteredDevKey(store: Store, path = devKeyPath()): Promise<{ key: string; replaced: boolean }> {
  const key = ensureDevKey(path);
  if ((await registerDevKey(store, key)) !== 'revoked') return { key, replaced: false };
  const fresh = writeNewDevKey(path);
  await registerDevKey(store, fresh);
  return { key: fresh, replaced: true };
}
