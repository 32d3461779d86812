/**
 * An estimate of the heap a query result holds, for the result cache's byte bound. It follows V8's
 * layout on 64-bit Node (8-byte pointers): an array is a header plus one slot per element, a row object a
 * header plus one slot per property (the column names live in the shared hidden class, so they are not
 * counted per row), a non-integer number a 16-byte heap number, a string a header plus one byte per
 * character (two when any character is outside Latin-1). Small integers, booleans and null live in
 * their slot. The bench checks the estimate against the heap actually taken by cached results
 * (docs/benchmarks.md, "The result cache").
 */
const POINTER = 8;
const OBJECT_HEADER = 24;
const ARRAY_HEADER = 32;
const STRING_HEADER = 24;
const HEAP_NUMBER = 16;
const DATE = 48;
const TYPED_ARRAY_HEADER = 96;

const NOT_LATIN1 = /[^\u0000-\u00ff]/;

/** Bytes of a string as V8 stores it (one-byte or two-byte). */
export function stringBytes(text: string): number {
  return STRING_HEADER + (NOT_LATIN1.test(text) ? 2 * text.length : text.length);
}

function valueBytes(value: unknown, depth: number): number {
  switch (typeof value) {
    case 'string':
      return stringBytes(value);
    case 'number':
      return Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? 0 : HEAP_NUMBER;
    case 'bigint':
      return HEAP_NUMBER + 8 * Math.ceil(value.toString(16).length / 16);
    case 'object':
      return value === null ? 0 : objectBytes(value, depth);
    default:
      return 0; // booleans and undefined are shared constants
  }
}

function objectBytes(value: object, depth: number): number {
  if (value instanceof Date) return DATE;
  if (ArrayBuffer.isView(value)) return TYPED_ARRAY_HEADER + value.byteLength;
  // JSON columns (PostgreSQL json, DuckDB structs) nest; anything deeper than a plan ever is counted flat.
  if (depth > 32) return OBJECT_HEADER;
  if (Array.isArray(value)) return value.reduce((sum: number, item: unknown) => sum + POINTER + valueBytes(item, depth + 1), ARRAY_HEADER);
  let bytes = OBJECT_HEADER;
  for (const key in value) bytes += POINTER + valueBytes((value as Record<string, unknown>)[key], depth + 1);
  return bytes;
}

/** The estimated heap of a result's rows (the array, each row, each value). */
export function estimateRowsBytes(rows: readonly Record<string, unknown>[]): number {
  let bytes = ARRAY_HEADER + POINTER * rows.length;
  for (const row of rows) bytes += objectBytes(row, 1);
  return bytes;
}
