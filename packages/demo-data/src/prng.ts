/**
 * A tiny seeded PRNG (mulberry32) plus the few sampling helpers the generator needs. Math.random is never
 * used: the same seed and `now` must always produce byte-identical data, so tests and benchmarks can pin it.
 */
export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick() from an empty list');
      return item;
    },
  };
}

/**
 * Weighted sampling in O(log n) per draw over a fixed list: cumulative weights + binary search. Used for
 * products, cities and days, where the same distribution is sampled hundreds of thousands of times.
 */
export class WeightedSampler<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(private readonly items: readonly T[], weights: readonly number[]) {
    if (items.length === 0 || items.length !== weights.length) throw new Error('WeightedSampler needs one weight per item');
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    weights.forEach((weight, index) => {
      sum += Math.max(0, weight);
      this.cumulative[index] = sum;
    });
    if (sum <= 0) throw new Error('WeightedSampler needs a positive total weight');
    this.total = sum;
  }

  sample(random: Random): T {
    const target = random.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.cumulative[mid] ?? 0) > target) high = mid;
      else low = mid + 1;
    }
    return this.items[low] as T;
  }
}

/** Rounds money to cents without binary drift showing up as 19.990000000000002. */
export function roundCents(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}
