/**
 * The rate limiters' counters in the service's store, so every process that shares the store shares every
 * limit (N replicas allow the limit once, not N times). The HTTP edge (http-kit) adapts them to
 * express-rate-limit's Store; this package only counts.
 *
 * The model is a fixed window per key that starts at the key's first request after its last window
 * ended (as express-rate-limit's own MemoryStore does), counted by one atomic UPSERT ... RETURNING per
 * request. A window that ends more than two windows after the caller's "now" (its clock moved back) also
 * starts again.
 */
export interface WindowCount {
  /** Requests counted in the key's current window, this one included. */
  hits: number;
  /** When the current window ends (ms since the epoch). */
  resetAtMs: number;
}

export interface RateLimitCounters {
  /**
   * Counts one request for `key` at `nowMs` in a window of `windowMs`, or `count` requests at once (a
   * process adding what it counted by itself while the store did not answer).
   */
  hit(key: string, windowMs: number, nowMs: number, count?: number): Promise<WindowCount>;
  /** The key's current window without counting anything, or null when it has none running. */
  peek(key: string, windowMs: number, nowMs: number): Promise<WindowCount | null>;
  /** Takes one request back (express-rate-limit's decrement), never below zero; nothing if the window has ended. */
  unhit(key: string, nowMs: number): Promise<void>;
  /** Forgets the key's window. */
  reset(key: string): Promise<void>;
  /** Deletes the windows that ended before `beforeMs`; returns how many. */
  sweep(beforeMs: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * Ended windows are harmless (the next hit starts a new one) but would pile up, one row per key ever
 * seen. Each process sweeps at most once a minute, from a hit (with that hit's clock), deleting windows
 * that ended a whole window ago: a replica whose clock runs a little ahead never deletes a window another
 * replica still counts in.
 */
export const SWEEP_EVERY_MS = 60_000;

export function sweepSchedule(sweep: (beforeMs: number) => Promise<unknown>): (windowMs: number, nowMs: number) => void {
  let lastSweepMs: number | undefined;
  return (windowMs, nowMs) => {
    if (lastSweepMs !== undefined && Math.abs(nowMs - lastSweepMs) < SWEEP_EVERY_MS) return;
    lastSweepMs = nowMs;
    // Best effort, off the request's path: a failed sweep is retried a minute later.
    sweep(nowMs - windowMs).catch(() => undefined);
  };
}

/** A hit's count: a positive whole number (anything else is a caller's bug, refused before the statement). */
export function countOf(count: number): number {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`rate limit: a hit counts a positive whole number of requests, got ${count}`);
  return count;
}
