/**
 * Whether two readings' rows say the same thing: the same values row for row, as a multiset (column names
 * differ between readings of different columns, and an order both readings leave open is no difference).
 * Numbers compare by value, so 3 and 3.0 from two engines' paths agree.
 */
const cellKey = (value: unknown): string => (typeof value === 'bigint' ? value.toString() : value instanceof Date ? value.toISOString() : JSON.stringify(value ?? null));

export function sameRows(a: ReadonlyArray<Record<string, unknown>>, b: ReadonlyArray<Record<string, unknown>>): boolean {
  if (a.length !== b.length) return false;
  const keys = (rows: ReadonlyArray<Record<string, unknown>>): string[] => rows.map((row) => Object.values(row).map(cellKey).join('\u0000')).sort();
  const [x, y] = [keys(a), keys(b)];
  return x.every((key, i) => key === y[i]);
}
