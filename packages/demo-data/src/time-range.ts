/** The generation window: the 24 months up to `now`, cut into UTC days, with helpers to write dates. */
export const DAY_MS = 86_400_000;

export interface TimeWindow {
  startMs: number; // UTC midnight, same calendar day 24 months before `now`
  endMs: number; // `now` (exclusive)
  /** UTC midnight of every day in [start, now), the last one possibly partial. */
  days: number[];
}

export function timeWindow(now: Date): TimeWindow {
  const endMs = now.getTime();
  if (!Number.isFinite(endMs)) throw new Error('`now` is not a valid date');
  const startMs = Date.UTC(now.getUTCFullYear() - 2, now.getUTCMonth(), now.getUTCDate());
  const days: number[] = [];
  for (let day = startMs; day < endMs; day += DAY_MS) days.push(day);
  return { startMs, endMs, days };
}

/** 'YYYY-MM-DDTHH:MM:SS.sssZ' — the one date-time format stored in the warehouse. */
export function isoDateTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** 'YYYY-MM-DD' for plain dates (birth dates). */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
