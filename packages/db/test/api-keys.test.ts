import { createHash } from 'node:crypto';
import { API_KEY_PREFIX, generateApiKey, hashApiKey, keyPrefix } from '../src/api-keys';

test('keys are prefixed, 256-bit base64url secrets and never repeat', () => {
  const keys = Array.from({ length: 200 }, generateApiKey);
  for (const key of keys) expect(key).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
  expect(new Set(keys).size).toBe(keys.length);
});

test('hashApiKey is SHA-256 hex of the whole key', () => {
  const key = generateApiKey();
  expect(hashApiKey(key)).toBe(createHash('sha256').update(key).digest('hex'));
  expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
  expect(hashApiKey(`${key}x`)).not.toBe(hashApiKey(key));
});

test('keyPrefix shows only the first characters', () => {
  const key = generateApiKey();
  expect(keyPrefix(key)).toBe(key.slice(0, API_KEY_PREFIX.length + 8));
  expect(key.startsWith(keyPrefix(key))).toBe(true);
});
