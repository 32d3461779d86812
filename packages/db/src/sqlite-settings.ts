/**
 * How the SQLite store waits for another writer. better-sqlite3 is synchronous: its busy timeout is time
 * the whole event loop stands still (a 5 s timeout once kept /healthz waiting 4 s behind a locked store).
 * So the synchronous wait is short, and a write that still finds the store locked is retried
 * asynchronously, with back-off, for up to STORE_BUSY_BUDGET_MS (store-unavailable.ts); the event loop
 * serves other requests, probes included, between attempts. After the budget the caller gets a 503
 * store-unavailable. Several processes (api-v1, ask-legacy, CLIs) share one file in WAL mode, where a
 * normal commit holds the write lock for well under the synchronous wait.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 25;

/** How long a store call keeps retrying a locked store before it is reported unavailable. */
export const STORE_BUSY_BUDGET_MS = 5000;
