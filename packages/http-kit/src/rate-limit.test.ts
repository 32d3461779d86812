import type { NextFunction, Request, Response } from 'express';
import { HttpProblem } from './problem';
import { rateLimit } from './rate-limit';

/** Runs the middleware once for `key` at time `now`; returns the problem it raised, if any. */
function harness(limit: number, windowMs: number) {
  let now = 0;
  const middleware = rateLimit({ limit, windowMs, keyOf: (res) => String(res.locals.key), clock: () => now });
  return {
    at(ms: number) {
      now = ms;
    },
    hit(key: string): HttpProblem | null {
      let outcome: HttpProblem | null = null;
      const res = { locals: { key }, setHeader: () => undefined } as unknown as Response;
      const next: NextFunction = (error?: unknown) => {
        if (error instanceof HttpProblem) outcome = error;
      };
      void middleware({} as Request, res, next);
      return outcome;
    },
  };
}

describe('rateLimit', () => {
  it('allows `limit` requests per window and key, then 429 with Retry-After', () => {
    const h = harness(3, 60_000);
    expect([h.hit('a'), h.hit('a'), h.hit('a')]).toEqual([null, null, null]);
    const problem = h.hit('a');
    expect(problem?.status).toBe(429);
    expect(Number(problem?.headers['Retry-After'])).toBeGreaterThan(60);
    expect(h.hit('b')).toBeNull();
  });

  it('weights the previous window, so a burst across the boundary does not get double the limit', () => {
    const h = harness(10, 60_000);
    h.at(59_000);
    for (let i = 0; i < 10; i += 1) expect(h.hit('a')).toBeNull();
    h.at(61_000);
    expect(h.hit('a')?.status).toBe(429);
    h.at(60_000 + 60_000 * 0.5);
    // half of the previous window still counts (10 * 0.5 = 5), so only 5 new requests fit
    const results = Array.from({ length: 6 }, () => h.hit('a'));
    expect(results.filter((r) => r === null)).toHaveLength(5);
  });

  it('stops a burst of 1,000 requests in a minute at the default-like limit', () => {
    const h = harness(120, 60_000);
    let allowed = 0;
    for (let i = 0; i < 1000; i += 1) {
      h.at(i * 60);
      if (h.hit('k') === null) allowed += 1;
    }
    expect(allowed).toBeLessThanOrEqual(120);
  });

  it('checks its options at start-up', () => {
    expect(() => rateLimit({ limit: 0, windowMs: 1000, keyOf: () => null })).toThrow(/limit/);
    expect(() => rateLimit({ limit: 1, windowMs: -1, keyOf: () => null })).toThrow(/windowMs/);
  });
});
