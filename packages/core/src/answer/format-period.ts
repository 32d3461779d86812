/**
 * Dates and grouped periods as people read them. The SQL compiler returns grain values as strings that
 * sort chronologically (day 'YYYY-MM-DD', week = its Monday, month 'YYYY-MM', quarter 'YYYY-Qn', year
 * 'YYYY'); we parse them by pattern rather than with `new Date`, so no local time zone can shift a day.
 */
import { assertNever, type TimeGrain } from '../plan/query-plan';
import { toText } from './to-number';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/;

function monthName(month: number, style: 'long' | 'short'): string {
  const name = MONTHS[month - 1] ?? String(month);
  return style === 'long' ? name : name.slice(0, 3);
}

/** "2026-11-03" -> "3 Nov 2026". */
function dayLabel(year: number, month: number, day: number): string {
  return `${day} ${monthName(month, 'short')} ${year}`;
}

/**
 * A date or date-time: "3 Nov 2026", or "3 Nov 2026, 14:05" when it has a time of day. Times with an
 * explicit non-UTC offset are converted to UTC, the zone every other date in an answer is stated in.
 */
export function formatDateValue(raw: unknown): string {
  const text = toText(raw);
  if (text === null) return '';
  const match = DATE_PATTERN.exec(text.trim());
  if (match === null) return text;
  const [, y, mo, d, h, mi, , offset] = match;
  if (offset !== undefined && offset !== 'Z' && !/^[+-]00:?00$/.test(offset)) {
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) return text;
    return formatDateValue(date.toISOString());
  }
  const day = dayLabel(Number(y), Number(mo), Number(d));
  if (h === undefined || mi === undefined || (h === '00' && mi === '00')) return day;
  return `${day}, ${h}:${mi}`;
}

/** A grouped period: "3 Nov 2026", "week of 2 Nov 2026", "October 2026", "Q3 2025", "2025". */
export function formatPeriod(raw: unknown, grain: TimeGrain): string {
  const text = toText(raw);
  if (text === null) return '';
  const value = text.trim();
  switch (grain) {
    case 'day':
      return formatDateValue(value);
    case 'week': {
      const date = formatDateValue(value.slice(0, 10));
      return date === '' ? value : `week of ${date}`;
    }
    case 'month': {
      const match = /^(\d{4})-(\d{2})/.exec(value);
      return match === null ? value : `${monthName(Number(match[2]), 'long')} ${match[1]}`;
    }
    case 'quarter': {
      const quarter = /^(\d{4})-?Q([1-4])$/i.exec(value);
      if (quarter !== null) return `Q${quarter[2]} ${quarter[1]}`;
      const month = /^(\d{4})-(\d{2})/.exec(value); // a quarter's first day, if a dialect returns that
      return month === null ? value : `Q${Math.ceil(Number(month[2]) / 3)} ${month[1]}`;
    }
    case 'year': {
      const match = /^(\d{4})/.exec(value);
      return match === null ? value : (match[1] ?? value);
    }
    default:
      return assertNever(grain, 'time grain');
  }
}

/** A period inside a sentence, with the preposition it takes: "on 3 Nov 2026", "in the week of ...", "in Q3 2025". */
export function formatPeriodInProse(raw: unknown, grain: TimeGrain): string {
  const label = formatPeriod(raw, grain);
  switch (grain) {
    case 'day':
      return `on ${label}`;
    case 'week':
      return `in the ${label}`;
    case 'month':
    case 'quarter':
    case 'year':
      return `in ${label}`;
    default:
      return assertNever(grain, 'time grain');
  }
}
