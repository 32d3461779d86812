/** Smoke test of the benchmark's statistics (run: npx jest --testMatch '<rootDir>/bench/**\/*.test.ts'). */
import { quantileSorted, summarise } from './stats';

describe('bench stats', () => {
  it('uses nearest-rank percentiles on values that were observed', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted on purpose
    const s = summarise(values);
    expect(s).toMatchObject({ count: 100, median: 50, p90: 90, p99: 99, min: 1, max: 100, mean: 50.5 });
  });

  it('handles one sample and no samples', () => {
    expect(summarise([7])).toMatchObject({ median: 7, p99: 7 });
    expect(Number.isNaN(quantileSorted([], 0.5))).toBe(true);
  });
});
