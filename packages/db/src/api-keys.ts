import { createHash, randomBytes } from 'node:crypto';

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
