/**
 * ISO 8601 dates as plans carry them: a date ("2025-03-01") or a date-time with optional seconds,
 * fraction and zone ("2025-03-01T00:00:00Z", "2025-03-01T00:00:00+02:00"). A date-time without a zone
 * and a bare date mean UTC, so every dialect reads the same instant.
 */
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function isIsoDateString(value: unknown): value is string {
  return typeof value === 'string' && parseIsoDate(value) !== undefined;
}

/** The instant an ISO string means (UTC when it names no zone), or undefined when it is not one. */
export function parseIsoDate(value: string): Date | undefined {
  const match = isoDatePattern.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, , zone] = match;
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return undefined;
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59)) return undefined;
  const withZone = hour === undefined ? `${year}-${month}-${day}T00:00:00Z` : zone === undefined ? `${value.replace(' ', 'T')}Z` : value.replace(' ', 'T');
  const date = new Date(withZone);
  if (Number.isNaN(date.getTime())) return undefined;
  // Reject impossible days ("2025-02-30") that Date would silently roll over.
  if (hour === undefined && date.getUTCDate() !== Number(day)) return undefined;
  return date;
}
