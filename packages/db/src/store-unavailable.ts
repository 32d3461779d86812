/**
 * The store going away (PostgreSQL stopped or restarting, a connection cut) is an outage, not a bug:
 * callers must get a 503 they can retry, never a generic 500. Prisma reports these through several codes
 * (P1001 cannot reach, P1017 connection closed, P2010/P2039 wrapping a driver error such as 57P01), so
 * they are recognised by code and by the driver's message. The pg pool under Prisma opens new
 * connections on the next query, so nothing has to be reset for the store to recover by itself.
 */
import type { Store } from './store';

/** Thrown in place of a driver error when the store cannot be reached; the HTTP edge maps it to 503. */
export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(cause: unknown) {
    super('The service store cannot be reached.', { cause });
    this.name = 'StoreUnavailableError';
  }
}

const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** Driver and network signs of a lost server; never matched against query text (Prisma messages do not carry it). */
const UNAVAILABLE_MESSAGE =
  /Can't reach database server|Server has closed the connection|Connection terminated|terminating connection|57P0[123]|ECONNREFUSED|ECONNRESET|EPIPE|the database system is (starting up|shutting down)|Timed out fetching a new connection/i;

export function isStoreConnectionError(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_PRISMA_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return UNAVAILABLE_MESSAGE.test(message);
}

function translate(error: unknown): never {
  throw isStoreConnectionError(error) && !(error instanceof StoreUnavailableError) ? new StoreUnavailableError(error) : error;
}

/** Wraps every async method of a repository so connection failures surface as StoreUnavailableError. */
function guardRepository<R extends object>(repository: R): R {
  const guarded: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(repository)) {
    guarded[name] =
      typeof member === 'function'
        ? (...args: unknown[]): Promise<unknown> => Promise.resolve().then(() => (member as (...a: unknown[]) => unknown).apply(repository, args)).catch(translate)
        : member;
  }
  // Same keys, same signatures, each now translating its rejection.
  return guarded as R;
}

export function guardStore(store: Store): Store {
  return {
    kind: store.kind,
    conversations: guardRepository(store.conversations),
    answers: guardRepository(store.answers),
    feedback: guardRepository(store.feedback),
    apiKeys: guardRepository(store.apiKeys),
    ping: () => store.ping().catch(translate),
    close: () => store.close(),
  };
}
