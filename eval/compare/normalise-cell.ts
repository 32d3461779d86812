/**
 * One cell of a result row, reduced to a form where "the same value" compares equal whichever side produced
 * it: SQLite returns 5 or 5.0 or '5' depending on column affinity and expression, and sums of REAL values
 * differ in the last bits with the summation order. Numbers are rounded to 2 decimals (cents, and enough
 * for averages and shares stated in percent).
 */
export type Cell = string | number | null;

const NUMERIC_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function roundTo2(value: number): number {
  const rounded = Math.round(value * 100) / 100;
  // -0 and 0 must be one key.
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function normaliseCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? roundTo2(value) : String(value);
  if (typeof value === 'bigint') return roundTo2(Number(value));
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const text = value.trim();
    // Text that is a number (KaggleDBQA stores everything as TEXT) compares as that number.
    return NUMERIC_TEXT.test(text) ? roundTo2(Number(text)) : text;
  }
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('hex');
  return JSON.stringify(value);
}

/** A stable text key for a cell; the type prefix keeps the number 1 and the text "x1" apart. */
export function cellKey(cell: Cell): string {
  if (cell === null) return 'n:';
  return typeof cell === 'number' ? `d:${cell}` : `s:${cell}`;
}
