/** The dev key file and its registration in a real SQLite store. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashApiKey, openStore, type Store } from '@askdata/db';
import { DEV_KEY_NAME, ensureDevKey, ensureRegisteredDevKey, readDevKey, registerDevKey } from './dev-key';

let dir: string;
let store: Store;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-dev-key-'));
  store = await openStore(`file:${join(dir, 'app.db')}`);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the dev key file', () => {
  it('is written once, owner-only, and read back', () => {
    const path = join(dir, 'data', 'dev-api-key');
    expect(readDevKey(path)).toBeNull();
    const key = ensureDevKey(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(ensureDevKey(path)).toBe(key);
    expect(readDevKey(path)).toBe(key);
  });

  it('is replaced when it does not hold a key', () => {
    const path = join(dir, 'dev-api-key');
    writeFileSync(path, 'not a key\n');
    expect(readDevKey(path)).toBeNull();
    const key = ensureDevKey(path);
    expect(key).toMatch(/^ak_/);
    expect(readFileSync(path, 'utf8').trim()).toBe(key);
  });
});

describe('registerDevKey', () => {
  it('stores the hash once, under its name', async () => {
    const key = ensureDevKey(join(dir, 'dev-api-key'));
    expect(await registerDevKey(store, key)).toBe('registered');
    expect(await registerDevKey(store, key)).toBe('already-registered');
    const keys = await store.apiKeys.list();
    expect(keys.map((record) => record.name)).toEqual([DEV_KEY_NAME]);
    expect(await store.apiKeys.findActiveByHash(hashApiKey(key))).toMatchObject({ name: DEV_KEY_NAME });
  });

  it('does not bring a revoked key back', async () => {
    const key = ensureDevKey(join(dir, 'dev-api-key'));
    await registerDevKey(store, key);
    const [record] = await store.apiKeys.list();
    await store.apiKeys.revoke(record?.id ?? '');
    expect(await registerDevKey(store, key)).toBe('revoked');
    expect(await store.apiKeys.findActiveByHash(hashApiKey(key))).toBeNull();
  });
});

describe('ensureRegisteredDevKey (root npm start)', () => {
  it('replaces a revoked dev key with a new registered one', async () => {
    const path = join(dir, 'dev-api-key');
    const first = await ensureRegisteredDevKey(store, path);
    expect(first.replaced).toBe(false);
    expect(await ensureRegisteredDevKey(store, path)).toEqual(first);
    const [record] = await store.apiKeys.list();
    await store.apiKeys.revoke(record?.id ?? '');
    const second = await ensureRegisteredDevKey(store, path);
    expect(second.replaced).toBe(true);
    expect(second.key).not.toBe(first.key);
    expect(readDevKey(path)).toBe(second.key);
    expect(await store.apiKeys.findActiveByHash(hashApiKey(second.key))).not.toBeNull();
    expect(await store.apiKeys.findActiveByHash(hashApiKey(first.key))).toBeNull();
  });
});
