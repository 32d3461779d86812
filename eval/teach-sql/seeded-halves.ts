/**
 * Each database's questions in two halves, with a fixed seed: a seeded shuffle (the demo generator's
 * mulberry32, seeded by the database name and SPLIT_SEED) and a cut at half, rounded down. The same on
 * every run and machine, and unlike a cut in file order it does not keep Spider's paired rewordings
 * (which sit next to each other) on one side.
 */
import { seededRandom } from '../heldout/seeded-random';

export const SPLIT_SEED = 28;

function seedOf(name: string): number {
  let hash = SPLIT_SEED;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return hash;
}

export function seededHalves<T>(db: string, items: readonly T[]): { first: T[]; second: T[] } {
  const random = seededRandom(seedOf(db));
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const half = Math.floor(shuffled.length / 2);
  return { first: shuffled.slice(0, half), second: shuffled.slice(half) };
}
