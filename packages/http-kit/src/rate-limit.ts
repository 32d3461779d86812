/**
 * An in-memory rate limiter per caller key, using a sliding-window counter: the previous window's count
 * is weighted by how much of it still overlaps the sliding window, so a burst straddling a window
 * boundary cannot get twice the limit (the flaw of a plain fixed window). One process only; several
 * processes each enforce the limit on their own.
 */
import type { RequestHandler, Response } from 'express';
import { problems } from './problems';

export interface RateLimitOptions {
  /** Requests allowed per window and key. */
  limit: number;
  windowMs: number;
  /** The caller's key (e.g. the authenticated principal); null skips limiting for this request. */
  keyOf: (res: Response) => string | null;
  clock?: () => number;
}

interface Counter {
  windowStart: number;
  current: number;
  previous: number;
}

const PRUNE_THRESHOLD = 10_000;

export function rateLimit(options: RateLimitOptions): RequestHandler {
  const { limit, windowMs, keyOf } = options;
  if (!Number.isInteger(limit) || limit <= 0) throw new TypeError('rateLimit: limit must be a positive integer');
  if (!Number.isInteger(windowMs) || windowMs <= 0) throw new TypeError('rateLimit: windowMs must be a positive integer');
  if (typeof keyOf !== 'function') throw new TypeError('rateLimit: keyOf is required');
  const clock = options.clock ?? Date.now;
  const counters = new Map<string, Counter>();

  function roll(counter: Counter, now: number): void {
    const windowsPassed = Math.floor((now - counter.windowStart) / windowMs);
    if (windowsPassed <= 0) return;
    counter.previous = windowsPassed === 1 ? counter.current : 0;
    counter.current = 0;
    counter.windowStart += windowsPassed * windowMs;
  }

  function prune(now: number): void {
    for (const [key, counter] of counters) if (now - counter.windowStart >= 2 * windowMs) counters.delete(key);
  }

  return (_req, res, next) => {
    const key = keyOf(res);
    if (key === null) return next();
    const now = clock();
    if (counters.size > PRUNE_THRESHOLD) prune(now);
    const counter = counters.get(key) ?? { windowStart: now - (now % windowMs), current: 0, previous: 0 };
    counters.set(key, counter);
    roll(counter, now);
    const elapsed = (now - counter.windowStart) / windowMs;
    const estimate = counter.previous * (1 - elapsed) + counter.current;
    res.setHeader('RateLimit-Limit', String(limit));
    if (estimate + 1 > limit) {
      res.setHeader('RateLimit-Remaining', '0');
      return next(problems.rateLimited(retryAfterSeconds(counter, limit, windowMs, now)));
    }
    counter.current += 1;
    res.setHeader('RateLimit-Remaining', String(Math.max(0, Math.floor(limit - estimate - 1))));
    next();
  };
}

/**
 * Seconds until one more request fits. With weight w(t) = 1 - t/W of the previous window at offset t:
 * - room left in this window: previous * w(t) + current + 1 <= limit, solved for t;
 * - no room: after the roll `current` becomes the previous window, so also solve current * w(t) + 1 <= limit.
 */
function retryAfterSeconds(counter: Counter, limit: number, windowMs: number, now: number): number {
  let fitsAt: number;
  if (counter.current + 1 <= limit) {
    fitsAt = counter.windowStart + windowMs * (1 - (limit - counter.current - 1) / Math.max(counter.previous, 1));
  } else {
    fitsAt = counter.windowStart + windowMs + windowMs * (1 - (limit - 1) / counter.current);
  }
  return Math.max(1, Math.ceil((fitsAt - now) / 1000));
}
