/**
 * How PostgreSQL values arrive in rows. pg returns bigint (count(*), sum of integers) and numeric as
 * strings to avoid losing precision; answers need numbers, so they become numbers whenever that is exact
 * enough (within the safe-integer range), and stay strings otherwise. Timestamps become ISO strings in UTC,
 * the same text SQLite rows carry; dates stay "YYYY-MM-DD".
 */
import { types } from 'pg';

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

export function toNumberIfSafe(text: string): number | string {
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER ? n : text;
}

/** A `types` option for pg's Pool: our parsers for the types above, pg's defaults for the rest. */
export const pgTypeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    switch (oid) {
      case INT8:
      case NUMERIC:
        return toNumberIfSafe;
      case DATE:
        return (value) => value;
      case TIMESTAMP: // no zone stored: read it as UTC, as SQLite reads zone-less ISO text
        return (value) => new Date(`${value.replace(' ', 'T')}Z`).toISOString();
      case TIMESTAMPTZ: {
        const parse = types.getTypeParser(TIMESTAMPTZ, 'text');
        return (value) => {
          const parsed: unknown = parse(value);
          return parsed instanceof Date && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : value;
        };
      }
      default:
        return format === 'binary' ? types.getTypeParser(oid, 'binary') : types.getTypeParser(oid, 'text');
    }
  },
};
