/**
 * What api-v1 accepts as keys, settled once at start-up, before it listens:
 * - with API_KEYS set, those keys plus the store's (nothing to do here);
 * - without, the dev key in DEV_API_KEY_FILE (root `npm start` writes data/dev-api-key) is registered
 *   in the store and accepted, so `npm start -w apps/api-v1` takes the same key as root `npm start`;
 * - when no key can authenticate at all, it still starts (keys can be created while it runs: they are
 *   looked up per request) but says at warn level how to make one, instead of a silent 401 on every call.
 * Only key prefixes are logged, never a key.
 */
import { keyPrefix, type Store } from '@askdata/db';
import { readDevKey, registerDevKey } from './dev-key';

/** The two levels start-up reports at; winston's logger is one, and so is any console-like logger. */
interface StartupLogger {
  info(message: string, meta: Record<string, unknown>): unknown;
  warn(message: string, meta: Record<string, unknown>): unknown;
}

export interface StartupKeyOptions {
  apiKeys: readonly string[];
  devKeyFile: string;
  store: Store;
  logger: StartupLogger;
}

export async function settleStartupKeys({ apiKeys, devKeyFile, store, logger }: StartupKeyOptions): Promise<void> {
  if (apiKeys.length > 0) return;
  const devKey = readDevKey(devKeyFile);
  if (devKey) {
    const registration = await registerDevKey(store, devKey);
    switch (registration) {
      case 'registered':
      case 'already-registered':
        logger.info('accepting the development key', { file: devKeyFile, prefix: keyPrefix(devKey), registration });
        break;
      case 'revoked':
        logger.warn('the development key has been revoked and is not accepted; root `npm start` writes a new one', { file: devKeyFile, prefix: keyPrefix(devKey) });
        break;
      default: {
        const unexpected: never = registration;
        throw new Error(`unexpected dev key registration ${String(unexpected)}`);
      }
    }
  }
  const activeKeys = (await store.apiKeys.list()).filter((key) => key.revokedAt === null);
  if (activeKeys.length === 0) {
    logger.warn('no API key is configured, so every request will get 401: run `npm run keys -- create <name>` (or set API_KEYS) to make one', {
      devKeyFile,
    });
  }
}
