/**
 * The store going away (PostgreSQL stopped or restarting, a connection cut) is an outage, not a bug:
 * callers must get a 503 they can retry, never a generic 500. Prisma reports these through several codes
 * (P1001 cannot reach, P1017 connection closed, P2010/P2039 wrapping a driver error such as 57P01), so
 * they are recognised by code and by the driver's message. The pg pool under Prisma opens new
 * connections on the next query, so nothing has to be reset for the store to recover by itself.
 */
import { STORE_BUSY_BUDGET_MS } from './sqlite-settings';
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
/**
 * Driver and network signs of a lost server, and SQLite's signs of a store it cannot use (locked, gone,
 * read-only, full, damaged); never matched against query text (Prisma messages do not carry it).
 */
const UNAVAILABLE_MESSAGE =
  /Can't reach database server|Server has closed the connection|Connection terminated|terminating connection|57P0[123]|ECONNREFUSED|ECONNRESET|EPIPE|the database system is (starting up|shutting down)|Timed out fetching a new connection|SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|READONLY|CORRUPT|NOTADB)|database is locked|unable to open database file|disk I\/O error|readonly database|database disk image is malformed|file is not a database/i;

/**
 * The same signs as driver codes, for the statements that go to the driver directly (direct/): a failed
 * connect can arrive as an AggregateError with no message, only `code` (Node's address-family racing).
 */
const UNAVAILABLE_DRIVER_CODE = /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|08\d{3}|57P0[123]|SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|READONLY|CORRUPT|NOTADB)\w*)$/;

/** SQLite's "another connection holds the lock" (the adapter reports it as P1008 or a raw SQLITE_BUSY): worth waiting for. */
const BUSY_MESSAGE = /SQLITE_BUSY|SQLITE_LOCKED|database is locked|database table is locked/i;

function errorText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const message = error instanceof Error ? error.message : '';
  let meta = '';
  try {
    meta = JSON.stringify((error as { meta?: unknown }).meta ?? null);
  } catch {
    meta = '';
  }
  return `${message} ${meta}`;
}

export function isStoreBusy(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (code === 'P1008' || (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code))) return true;
  return BUSY_MESSAGE.test(errorText(error));
}

export function isStoreConnectionError(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_PRISMA_CODES.has(code) || UNAVAILABLE_DRIVER_CODE.test(code))) return true;
  return UNAVAILABLE_MESSAGE.test(errorText(error));
}

function translate(error: unknown): never {
  throw isStoreConnectionError(error) && !(error instanceof StoreUnavailableError) ? new StoreUnavailableError(error) : error;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Retries a call that found the store locked, off the event loop: each attempt waits synchronously for
 * at most SQLITE_BUSY_TIMEOUT_MS, then the loop is free for `delay` ms. Safe for every store call: a
 * statement (or transaction) that failed on the lock wrote nothing.
 */
async function retryWhileBusy<T>(work: () => Promise<T>, budgetMs: number): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    try {
      return await work();
    } catch (error) {
      if (!isStoreBusy(error) || Date.now() + delay >= deadline) throw error;
      await sleep(delay);
    }
  }
}

/** Wraps every async method of a repository: a locked store is retried, connection failures surface as StoreUnavailableError. */
function guardRepository<R extends object>(repository: R, busyBudgetMs: number): R {
  const guarded: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(repository)) {
    guarded[name] =
      typeof member === 'function'
        ? (...args: unknown[]): Promise<unknown> => retryWhileBusy(() => Promise.resolve().then(() => (member as (...a: unknown[]) => unknown).apply(repository, args)), busyBudgetMs).catch(translate)
        : member;
  }
  // Same keys, same signatures, each now translating its rejection.
  return guarded as R;
}

export function guardStore(store: Store, busyBudgetMs: number = STORE_BUSY_BUDGET_MS): Store {
  return {
    kind: store.kind,
    conversations: guardRepository(store.conversations, busyBudgetMs),
    answers: guardRepository(store.answers, busyBudgetMs),
    feedback: guardRepository(store.feedback, busyBudgetMs),
    apiKeys: guardRepository(store.apiKeys, busyBudgetMs),
    review: guardRepository(store.review, busyBudgetMs),
    knowledge: guardRepository(store.knowledge, busyBudgetMs),
    audit: guardRepository(store.audit, busyBudgetMs),
    readingDecisions: guardRepository(store.readingDecisions, busyBudgetMs),
    // Not retried either: a limiter that waited seconds for a lock would hold every request; the HTTP edge
    // lets a request through uncounted when the counters fail (http-kit's rate-limit.ts).
    rateLimits: store.rateLimits,
    // Not retried: readiness must answer now (a locked store is not ready).
    ping: () => store.ping().catch(translate),
    close: () => store.close(),
  };
}
