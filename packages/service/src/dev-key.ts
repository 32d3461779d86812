/**
 * The development API key `npm start` prints. Made once per checkout and kept in data/dev-api-key
 * (git-ignored, mode 600), so the README's curl examples keep working across restarts. Used only when
 * the operator has not set API_KEYS.
 */
import { generateApiKey } from '@askdata/db';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { devKeyPath } from './paths';

export function ensureDevKey(path = devKeyPath()): string {
  if (existsSync(path)) {
    const existing = readFileSync(path, 'utf8').trim();
    if (existing.length >= 20) return existing;
  }
  mkdirSync(dirname(path), { recursive: true });
  const key = generateApiKey();
  writeFileSync(path, key + '\n', { mode: 0o600 });
  return key;
}
