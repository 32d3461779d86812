/**
 * How the v1 app recognises a database API key: by the SHA-256 hash of the presented key, never the key
 * itself.
 *
 * A hash the store does not know is remembered for a few seconds (NEGATIVE_LOOKUP_TTL_MS, at most
 * NEGATIVE_LOOKUP_MAX hashes, least recently used forgotten first: lru-cache), so a client repeating a
 * wrong or revoked key costs one store lookup, not one per request. Found keys are never remembered:
 * revoking a key still takes effect on its very next request. The only cost of the cache is that a key
 * created within those seconds after someone presented exactly that key is refused until it expires,
 * which for a random 256-bit key does not happen.
 */
import { envKeyPrincipal, hashApiKey, type Store } from '@askdata/db';
import { LRUCache } from 'lru-cache';

export const NEGATIVE_LOOKUP_TTL_MS = 10_000;
export const NEGATIVE_LOOKUP_MAX = 10_000;

export interface ApiKeyLookup {
  /** The active (not revoked) key with this hash, or null. */
  findActiveKeyByHash(keyHash: string): Promise<{ id: string; admin: boolean } | null>;
  hashKey(key: string): string;
  /** The owner id of an env key, derived from the key itself, so removing another key never hands its data over. */
  envKeyPrincipal(key: string): string;
}

export function apiKeyLookup(deps: { store: Store }): ApiKeyLookup {
  const unknown = new LRUCache<string, true>({ max: NEGATIVE_LOOKUP_MAX, ttl: NEGATIVE_LOOKUP_TTL_MS });
  return {
    async findActiveKeyByHash(keyHash) {
      if (unknown.has(keyHash)) return null;
      const found = await deps.store.apiKeys.findActiveByHash(keyHash);
      if (found === null) unknown.set(keyHash, true);
      return found;
    },
    hashKey: hashApiKey,
    envKeyPrincipal,
  };
}
