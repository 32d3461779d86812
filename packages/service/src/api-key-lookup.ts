/** How the v1 app recognises a database API key: by the SHA-256 hash of the presented key, never the key itself. */
import { envKeyPrincipal, hashApiKey, type Store } from '@askdata/db';

export interface ApiKeyLookup {
  /** The active (not revoked) key with this hash, or null. */
  findActiveKeyByHash(keyHash: string): Promise<{ id: string; admin: boolean; context: Record<string, unknown> | null } | null>;
  hashKey(key: string): string;
  /** The owner id of an env key, derived from the key itself, so removing another key never hands its data over. */
  envKeyPrincipal(key: string): string;
}

export function apiKeyLookup(deps: { store: Store }): ApiKeyLookup {
  return { findActiveKeyByHash: (keyHash) => deps.store.apiKeys.findActiveByHash(keyHash), hashKey: hashApiKey, envKeyPrincipal };
}
