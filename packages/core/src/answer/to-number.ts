/**
 * Drivers hand numbers back in several forms: numbers (SQLite), numeric strings (PostgreSQL numeric and
 * bigint), bigint. Everything that reads a measure goes through here so "123.50" and 123.5 behave alike.
 */
export function toNumber(value: unknown): number | null {
  // Sums of decimal money in binary floating point come back as 61702.700000000004; 15 significant
  // digits is all a double holds reliably, so rounding there removes the noise and nothing real.
  if (typeof value === 'number') return Number.isFinite(value) ? Number(value.toPrecision(15)) : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

/** Raw cell as a string for labels and text columns; Date objects become ISO strings. */
export function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
