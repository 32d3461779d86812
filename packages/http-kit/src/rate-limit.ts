/**
 * The rate limit of both apps: express-rate-limit, counting in the service's store (SharedCounterStore),
 * so every process that shares the store shares every limit. A fixed window per key that starts at the
 * key's first request (a burst straddling two windows can get up to twice the limit within a short span;
 * never more than the limit within any one window). Rejections are the usual 429 problem+json with
 * Retry-After (until the window ends) and the IETF draft-6 RateLimit-* headers.
 *
 * Fail open, deliberately, but bounded: when the counters fail (the store unreachable or slower than its
 * timeout, or an SQLite store locked past the limiter's short wait) the request is counted in this
 * process instead, on top of the store's last count for the key, and those counts are added to the
 * store's window once it answers again (local-fallback-counters.ts); a warning is logged (at most one per
 * 10 s). So during an outage each process lets through at most the limit per key and window, never an
 * unbounded number. The limiter protects capacity and fairness, not data; everything behind it that
 * needs the store answers 503 by itself when the store is really gone, and failing closed would turn a
 * lock of a few milliseconds into 429s or 500s for every caller. A store failure never becomes a 500 here.
 */
import { ipKeyGenerator, rateLimit as expressRateLimit } from 'express-rate-limit';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'winston';
import { problems } from './problems';
import { withLocalFallback } from './local-fallback-counters';
import { SharedCounterStore } from './shared-counter-store';
import type { SharedWindowCounters } from './shared-window-counters';

export type { SharedWindowCounters, WindowCount } from './shared-window-counters';

export interface RateLimitOptions {
  /** Names the limiter's keys in the shared counters ("v1", "legacy-address", …); one name per limiter. */
  name: string;
  /** Requests allowed per window and key. */
  limit: number;
  windowMs: number;
  /** The caller's key (e.g. the authenticated principal); null skips limiting for this request. */
  keyOf: (res: Response) => string | null;
  /** The store's counters (`store.rateLimits`), shared by every process on the store. */
  counters: SharedWindowCounters;
  /** Where counter failures (fail open) and configuration warnings are logged. */
  logger: Pick<Logger, 'warn' | 'error'>;
  clock?: () => number;
}

/** A client address as a limit key: IPv4 as it is, IPv6 by its /56 (one customer's usual allocation), so rotating addresses inside it buys no fresh limit. */
export const addressKey = (address: string): string => ipKeyGenerator(address);

const STORE_ERROR_LOG_EVERY_MS = 10_000;

/**
 * express-rate-limit's logger: store failures as throttled warnings (a backstop: the local fallback
 * catches the store's own failures), its configuration checks as errors.
 */
function limiterLogger(name: string, logger: Pick<Logger, 'warn' | 'error'>) {
  let lastLoggedAt = -Infinity;
  let unlogged = 0;
  return {
    warn: (error: unknown) => logger.warn('rate limit: configuration warning', { limiter: name, error }),
    error(error: unknown, message?: string) {
      if (message === undefined || !/error from store/.test(message)) {
        logger.error('rate limit: configuration error', { limiter: name, error });
        return;
      }
      unlogged += 1;
      if (Date.now() - lastLoggedAt < STORE_ERROR_LOG_EVERY_MS) return;
      lastLoggedAt = Date.now();
      logger.warn('rate limit store failed; requests pass uncounted (fail open)', { limiter: name, requests: unlogged, error });
      unlogged = 0;
    },
  };
}

export function rateLimit(options: RateLimitOptions): RequestHandler {
  const { name, limit, windowMs, keyOf, counters, logger } = options;
  if (!Number.isInteger(limit) || limit <= 0) throw new TypeError('rateLimit: limit must be a positive integer');
  if (!Number.isInteger(windowMs) || windowMs <= 0) throw new TypeError('rateLimit: windowMs must be a positive integer');
  if (typeof keyOf !== 'function') throw new TypeError('rateLimit: keyOf is required');
  if (typeof counters?.hit !== 'function') throw new TypeError('rateLimit: counters (the store\'s rateLimits) are required');
  if (!/^[a-z0-9-]+$/.test(name)) throw new TypeError('rateLimit: name must be lower-case letters, digits and -');
  const clock = options.clock ?? Date.now;
  return expressRateLimit({
    limit,
    windowMs,
    store: new SharedCounterStore(withLocalFallback(counters, { name, logger }), name, clock),
    skip: (_req, res) => keyOf(res) === null,
    keyGenerator: (_req, res) => keyOf(res) as string,
    standardHeaders: 'draft-6',
    legacyHeaders: false,
    passOnStoreError: true,
    logger: limiterLogger(name, logger),
    handler(req: Request, _res, next) {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = resetTime === undefined ? Math.ceil(windowMs / 1000) : Math.ceil((resetTime.getTime() - clock()) / 1000);
      next(problems.rateLimited(Math.max(1, seconds)));
    },
  });
}
