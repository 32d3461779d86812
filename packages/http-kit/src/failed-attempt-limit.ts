/**
 * A lockout after too many failed credentials from one client address (issue 25, item 9): at most
 * `limit` failed attempts per address and window; past that, every request from the address that
 * presents a credential is refused with 429 (Retry-After until the window ends) before the credential is
 * even looked up, a correct one included. A lockout that still let the right key through would answer
 * each guess "wrong" (429) or "right" (200), and guessing would go on at full speed.
 *
 * Counted in the store's rate-limit counters like every other limit (one count for all processes on the
 * store), under its own name, with the same fallback in the process while the store cannot count. The
 * key is the address as express resolved it (`req.ip`, so behind a proxy only with the app's trust-proxy
 * setting), an IPv6 address by its /56 like the other address limits.
 */
import type { Logger } from 'winston';
import type { HttpProblem } from './problem';
import { problems } from './problems';
import { addressKey } from './rate-limit';
import { withLocalFallback } from './local-fallback-counters';
import { storedKey } from './shared-counter-store';
import type { SharedWindowCounters, WindowCount } from './shared-window-counters';

export interface FailedAttemptLimitOptions {
  /** Names the counters' keys ("auth-failures"). */
  name: string;
  /** Failed attempts allowed per address and window. */
  limit: number;
  windowMs: number;
  /** The store's counters (`store.rateLimits`). */
  counters: SharedWindowCounters;
  logger: Pick<Logger, 'warn'>;
  clock?: () => number;
}

export interface FailedAttemptLimit {
  /** Throws the 429 problem while the address is locked out. */
  check(address: string): Promise<void>;
  /** Counts a failed attempt; returns the 429 problem when it went past the limit (else the caller answers 401). */
  fail(address: string): Promise<HttpProblem | null>;
}

const REASON = 'Too many failed attempts with API keys or tokens from this address';

export function failedAttemptLimit(options: FailedAttemptLimitOptions): FailedAttemptLimit {
  const { name, limit, windowMs } = options;
  if (!Number.isInteger(limit) || limit <= 0) throw new TypeError('failedAttemptLimit: limit must be a positive integer');
  if (!Number.isInteger(windowMs) || windowMs <= 0) throw new TypeError('failedAttemptLimit: windowMs must be a positive integer');
  if (!/^[a-z0-9-]+$/.test(name)) throw new TypeError('failedAttemptLimit: name must be lower-case letters, digits and -');
  const clock = options.clock ?? Date.now;
  const counters = withLocalFallback(options.counters, { name, logger: options.logger });
  const prefix = `${name}:`;
  const keyOf = (address: string): string => storedKey(prefix, addressKey(address));
  const refusal = (window: WindowCount, nowMs: number): HttpProblem => problems.rateLimited(Math.max(1, Math.ceil((window.resetAtMs - nowMs) / 1000)), REASON);

  return {
    async check(address) {
      const nowMs = clock();
      const window = await counters.peek(keyOf(address), windowMs, nowMs);
      if (window !== null && window.hits >= limit) throw refusal(window, nowMs);
    },
    async fail(address) {
      const nowMs = clock();
      const window = await counters.hit(keyOf(address), windowMs, nowMs);
      return window.hits > limit ? refusal(window, nowMs) : null;
    },
  };
}
