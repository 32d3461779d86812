/**
 * A store whose rate-limit counts start from nothing: the same real counters (the store's own table),
 * under a key prefix of its own. Test suites build several apps on one store (other limits, other clocks);
 * each of those apps is a fresh deployment as far as its limits go, as each was when limits were counted
 * in process memory. Apps that share one of these stores share their counts, like replicas.
 */
import { randomBytes } from 'node:crypto';
import type { Store } from '@askdata/db';

export function withFreshRateLimits(store: Store): Store {
  const namespace = `test-${randomBytes(6).toString('hex')}:`;
  const counters = store.rateLimits;
  return {
    ...store,
    rateLimits: {
      hit: (key, windowMs, nowMs, count) => counters.hit(namespace + key, windowMs, nowMs, count),
      peek: (key, windowMs, nowMs) => counters.peek(namespace + key, windowMs, nowMs),
      unhit: (key, nowMs) => counters.unhit(namespace + key, nowMs),
      reset: (key) => counters.reset(namespace + key),
      sweep: (beforeMs) => counters.sweep(beforeMs),
      // The store owns the counters; closing it closes them.
      close: async () => undefined,
    },
  };
}
