/** The counting the limiters need from the shared store, structurally (packages/db's RateLimitCounters has this shape; http-kit does not import the store). */
export interface WindowCount {
  /** Requests counted in the key's current window. */
  hits: number;
  /** When the current window ends (ms since the epoch). */
  resetAtMs: number;
}

export interface SharedWindowCounters {
  /** Counts one request (or `count` at once) for `key` at `nowMs` in a window of `windowMs`. */
  hit(key: string, windowMs: number, nowMs: number, count?: number): Promise<WindowCount>;
  /** The key's running window without counting, or null. */
  peek(key: string, windowMs: number, nowMs: number): Promise<WindowCount | null>;
  unhit(key: string, nowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
}
