/**
 * The held-out databases are the same on every build: they draw from the demo generator's seeded
 * mulberry32 (one generator in the repository, whose sequence its own tests pin), plus two date helpers.
 */
export { createRandom as seededRandom, type Random as SeededRandom } from '@askdata/demo-data';

/** ISO date `YYYY-MM-DD` of a UTC day offset from a start date. */
export function isoDay(start: string, offsetDays: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

/** Whole days between two ISO dates. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
