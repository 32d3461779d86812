/**
 * How MySQL values arrive in rows, made the same as on the other engines. mysql2 returns DECIMAL (money,
 * sums of integers, averages) as strings to avoid losing precision; answers need numbers, so they become
 * numbers whenever that is exact enough, and stay strings otherwise (BIGINT too, through
 * supportBigNumbers). DATETIME and TIMESTAMP become ISO strings in UTC (statements run with the session
 * zone at UTC), the text SQLite rows carry; DATE stays "YYYY-MM-DD". Nothing becomes a JS Date, so the
 * client's own time zone never shifts a value.
 */
import type { TypeCast } from 'mysql2';

export function toNumberIfSafe(text: string): number | string {
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER ? n : text;
}

/** '2025-03-04 05:06:07[.fff]' read as UTC -> '2025-03-04T05:06:07.000Z'; a zero date stays as it is. */
export function utcIso(text: string): string {
  const parsed = new Date(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(parsed.getTime()) ? text : parsed.toISOString();
}

export const mysqlTypeCast: TypeCast = (field, next) => {
  switch (field.type) {
    case 'NEWDECIMAL':
    case 'DECIMAL': {
      const text = field.string();
      return text === null ? null : toNumberIfSafe(text);
    }
    case 'DATETIME':
    case 'DATETIME2':
    case 'TIMESTAMP':
    case 'TIMESTAMP2': {
      const text = field.string();
      return text === null ? null : utcIso(text);
    }
    case 'DATE':
    case 'NEWDATE':
      return field.string();
    default:
      return next();
  }
};

/** The driver options every connection of the data source uses for values. */
export const valueOptions = { typeCast: mysqlTypeCast, dateStrings: true, supportBigNumbers: true, bigNumberStrings: false } as const;
