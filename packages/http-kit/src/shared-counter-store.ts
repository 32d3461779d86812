/**
 * express-rate-limit's Store over counters that every process shares (packages/db's RateLimitCounters:
 * the app passes the store's counters in; http-kit does not depend on the store). The limiter's name
 * prefixes every key, so limiters sharing the counters never share a count, and a long key (the legacy
 * per-organisation key carries the caller's context) is stored as its SHA-256, so a row stays small.
 * The counters handed in already count in the process while the store cannot (local-fallback-counters.ts).
 */
import { createHash } from 'node:crypto';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { SharedWindowCounters } from './shared-window-counters';

const MAX_PLAIN_KEY_LENGTH = 160;

/** A limiter's key as stored: under the limiter's prefix, as its SHA-256 when long. */
export function storedKey(prefix: string, key: string): string {
  const full = `${prefix}${key}`;
  return full.length <= MAX_PLAIN_KEY_LENGTH ? full : `${prefix}sha256:${createHash('sha256').update(key).digest('hex')}`;
}

export class SharedCounterStore implements Store {
  /** Counts live in the shared store, not in this process (express-rate-limit's double-count check reads this). */
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;

  constructor(
    private readonly counters: SharedWindowCounters,
    name: string,
    private readonly clock: () => number,
  ) {
    this.prefix = `${name}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private stored(key: string): string {
    return storedKey(this.prefix, key);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { hits, resetAtMs } = await this.counters.hit(this.stored(key), this.windowMs, this.clock());
    return { totalHits: hits, resetTime: new Date(resetAtMs) };
  }

  async decrement(key: string): Promise<void> {
    await this.counters.unhit(this.stored(key), this.clock());
  }

  async resetKey(key: string): Promise<void> {
    await this.counters.reset(this.stored(key));
  }
}
