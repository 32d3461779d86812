/**
 * The shared counters, with this process counting by itself while the store cannot (issue 25, item 6).
 *
 * The limiters fail open on purpose: a store that does not answer never turns into 429s or 500s for every
 * caller. Failing open used to mean "uncounted": on a PostgreSQL store any freeze longer than its 1 s
 * timeout let requests through with no count at all (192 answers through a limit of 120). Now a hit the
 * store did not take is counted here, per key, on top of the last count the store returned for that
 * key's window, and the limiter decides on that sum; so while the store is away each process lets at
 * most the limit through per key and window. When the store answers again the local counts are added to
 * its window (folded into the key's next hit, and for every other key by a flush after that success), so
 * callers who used up their limit during the outage are refused for the rest of the window by every process.
 *
 * Bounded: at most MAX_LOCAL_KEYS keys per limiter are remembered (least recently used forgotten first,
 * lru-cache), and a key's local count ends with its window.
 */
import { LRUCache } from 'lru-cache';
import type { Logger } from 'winston';
import type { SharedWindowCounters, WindowCount } from './shared-window-counters';

/** Keys remembered per limiter (one entry is about 150 bytes). */
export const MAX_LOCAL_KEYS = 10_000;

const LOG_EVERY_MS = 10_000;

interface LocalWindow {
  windowMs: number;
  resetAtMs: number;
  /** The highest count the store returned for this window. */
  seen: number;
  /** Requests counted here that the store has not taken yet (those on their way to it included). */
  pending: number;
  /** Of `pending`, how many are on their way to the store now (added to a hit that has not answered yet). */
  sending: number;
}

export interface LocalFallbackOptions {
  /** The limiter's name, for the log. */
  name: string;
  logger: Pick<Logger, 'warn'>;
}

export function withLocalFallback(counters: SharedWindowCounters, options: LocalFallbackOptions): SharedWindowCounters {
  const { name, logger } = options;
  const pendingKeys = new Set<string>();
  const windows = new LRUCache<string, LocalWindow>({ max: MAX_LOCAL_KEYS, dispose: (_window, key) => pendingKeys.delete(key) });
  let lastWarnedAt = -Infinity;
  let unlogged = 0;
  let flushing = false;

  function warn(error: unknown): void {
    unlogged += 1;
    if (Date.now() - lastWarnedAt < LOG_EVERY_MS) return;
    lastWarnedAt = Date.now();
    logger.warn('rate limit store failed; counting in this process until it answers', { limiter: name, requests: unlogged, error });
    unlogged = 0;
  }

  /** The key's local window while it runs (the store's rules: not ended, not left behind by a clock moved back). */
  function live(key: string, nowMs: number): LocalWindow | undefined {
    const window = windows.get(key);
    if (window === undefined) return undefined;
    if (nowMs < window.resetAtMs && window.resetAtMs <= nowMs + 2 * window.windowMs) return window;
    windows.delete(key);
    return undefined;
  }

  /** What the store answered becomes the key's window; hits counted here meanwhile stay pending. */
  function adopt(key: string, windowMs: number, stored: WindowCount, nowMs: number): LocalWindow {
    const window = live(key, nowMs);
    if (window === undefined) {
      const fresh = { windowMs, resetAtMs: stored.resetAtMs, seen: stored.hits, pending: 0, sending: 0 };
      windows.set(key, fresh);
      return fresh;
    }
    if (window.resetAtMs !== stored.resetAtMs) {
      window.resetAtMs = stored.resetAtMs;
      window.seen = stored.hits;
    } else window.seen = Math.max(window.seen, stored.hits);
    window.windowMs = windowMs;
    return window;
  }

  /** Reserves the key's pending count for one call to the store: what no other call is carrying yet. */
  function send(window: LocalWindow | undefined): number {
    if (window === undefined) return 0;
    const count = window.pending - window.sending;
    window.sending += count;
    return count;
  }

  /** The call carrying `sent` ended: taken by the store, or still pending. */
  function sent(key: string, window: LocalWindow | undefined, count: number, taken: boolean): void {
    if (window === undefined || count === 0) return;
    window.sending -= count;
    if (taken) window.pending -= count;
    if (window.pending === 0) pendingKeys.delete(key);
  }

  function addPending(key: string, windowMs: number, nowMs: number, count: number): LocalWindow {
    let window = live(key, nowMs);
    if (window === undefined) {
      window = { windowMs, resetAtMs: nowMs + windowMs, seen: 0, pending: 0, sending: 0 };
      windows.set(key, window);
    }
    window.pending += count;
    pendingKeys.add(key);
    return window;
  }

  /** After the store answered: hand it every other key's local count, one at a time, off the request's path. */
  function flush(nowMs: number): void {
    if (flushing || pendingKeys.size === 0) return;
    flushing = true;
    void (async () => {
      for (const key of [...pendingKeys]) {
        const window = live(key, nowMs);
        if (window === undefined) {
          pendingKeys.delete(key);
          continue;
        }
        const count = send(window);
        if (count === 0) continue;
        try {
          const stored = await counters.hit(key, window.windowMs, nowMs, count);
          sent(key, window, count, true);
          adopt(key, window.windowMs, stored, nowMs);
        } catch (error) {
          sent(key, window, count, false);
          warn(error);
          return;
        }
      }
    })().finally(() => {
      flushing = false;
    });
  }

  return {
    async hit(key, windowMs, nowMs, count = 1) {
      const before = live(key, nowMs);
      const carried = send(before);
      let stored: WindowCount;
      try {
        stored = await counters.hit(key, windowMs, nowMs, count + carried);
      } catch (error) {
        sent(key, before, carried, false);
        warn(error);
        const window = addPending(key, windowMs, nowMs, count);
        return { hits: window.seen + window.pending, resetAtMs: window.resetAtMs };
      }
      sent(key, before, carried, true);
      const window = adopt(key, windowMs, stored, nowMs);
      flush(nowMs);
      // Hits counted here that this call did not carry are not in the store's answer (or may not be yet).
      return { hits: stored.hits + window.pending, resetAtMs: stored.resetAtMs };
    },
    async peek(key, windowMs, nowMs) {
      let stored: WindowCount | null;
      try {
        stored = await counters.peek(key, windowMs, nowMs);
      } catch (error) {
        warn(error);
        const window = live(key, nowMs);
        return window === undefined ? null : { hits: window.seen + window.pending, resetAtMs: window.resetAtMs };
      }
      const pending = live(key, nowMs)?.pending ?? 0;
      if (stored === null) return pending > 0 ? { hits: pending, resetAtMs: (live(key, nowMs) as LocalWindow).resetAtMs } : null;
      return { hits: stored.hits + pending, resetAtMs: stored.resetAtMs };
    },
    unhit: (key, nowMs) => counters.unhit(key, nowMs),
    async reset(key) {
      windows.delete(key);
      await counters.reset(key);
    },
  };
}
