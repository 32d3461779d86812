/**
 * Order statistics for benchmark samples. Nearest-rank percentiles on a sorted copy: with thousands of
 * samples the choice of interpolation does not change a figure, and nearest-rank always reports a value
 * that was actually observed.
 */
export interface Summary {
  count: number;
  median: number;
  p90: number;
  p99: number;
  min: number;
  max: number;
  mean: number;
}

/** The value at quantile q (0..1) of an ascending array; NaN when empty. */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

export function summarise(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    median: quantileSorted(sorted, 0.5),
    p90: quantileSorted(sorted, 0.9),
    p99: quantileSorted(sorted, 0.99),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.length === 0 ? Number.NaN : total / sorted.length,
  };
}

export const median = (samples: readonly number[]): number => summarise(samples).median;
