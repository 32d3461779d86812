/**
 * Time-zone conversion with Intl only: "what day is it in this zone" and "which UTC instant is local
 * midnight of this day in this zone" (DST-safe: the offset is re-checked at the resulting instant).
 */
import { type LocalDate, formatIsoDate } from './calendar';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

export function isUtc(timezone: string): boolean {
  return timezone === 'UTC' || timezone === 'Etc/UTC' || timezone === 'GMT' || timezone === 'Z';
}

interface WallClock extends LocalDate {
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: Date, timezone: string): WallClock {
  const parts = formatterFor(timezone).formatToParts(instant);
  const value = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: value('year'), m: value('month'), d: value('day'), hour: value('hour') % 24, minute: value('minute'), second: value('second') };
}

/** Offset of `timezone` from UTC at `instant`, in milliseconds (e.g. +3_600_000 for CET). */
export function zoneOffsetMs(instant: Date, timezone: string): number {
  if (isUtc(timezone)) return 0;
  const wall = wallClock(instant, timezone);
  const asUtc = Date.UTC(wall.y, wall.m - 1, wall.d, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The calendar day that `now` falls on in `timezone`. */
export function todayIn(now: Date, timezone: string): LocalDate {
  if (isUtc(timezone)) return { y: now.getUTCFullYear(), m: now.getUTCMonth() + 1, d: now.getUTCDate() };
  const wall = wallClock(now, timezone);
  return { y: wall.y, m: wall.m, d: wall.d };
}

/** The UTC instant of local midnight starting `date` in `timezone`, as an ISO string. */
export function localMidnightIso(date: LocalDate, timezone: string): string {
  if (isUtc(timezone)) return `${formatIsoDate(date)}T00:00:00.000Z`;
  const guess = Date.UTC(date.y, date.m - 1, date.d);
  const first = guess - zoneOffsetMs(new Date(guess), timezone);
  const second = guess - zoneOffsetMs(new Date(first), timezone);
  return new Date(second).toISOString();
}

/** Throws a RangeError for an unknown IANA zone name. */
export function assertTimezone(timezone: string): void {
  if (!isUtc(timezone)) formatterFor(timezone);
}

/**
 * The local day an ISO bound names in `timezone`: a date ("2026-03-01") is that day; an instant is the
 * day it falls on there (local midnight of the day for the bounds the date phrases write).
 */
export function localDateOfIso(iso: string, timezone: string): LocalDate {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (day !== null) return { y: Number(day[1]), m: Number(day[2]), d: Number(day[3]) };
  return todayIn(new Date(iso), timezone);
}
