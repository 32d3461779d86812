/**
 * Holidays people date sales by (US calendar): "since Christmas", "on Black Friday", "last
 * Thanksgiving", "New Year's Eve 2024". Without a year, the latest one not after today ("last ..." the
 * latest before today). One-word names ("christmas", "halloween", "new year") also name products and
 * campaigns, so alone they need "on", "since", "over"..., "last" or a year. Easter and other movable
 * feasts of other calendars are left out: their dates would need tables we cannot keep right.
 */
import { type LocalDate, addDays, compareDates, formatLongDate, localDate, weekdayIndex } from '../calendar';
import type { LocalRange, PhraseRule } from './phrase-rule';
import { YEAR } from './vocabulary';

/** Fourth Thursday of November. */
function thanksgiving(year: number): LocalDate {
  const first = localDate(year, 11, 1);
  return addDays(first, ((3 - weekdayIndex(first) + 7) % 7) + 21);
}

interface Holiday {
  name: string;
  pattern: string;
  /** A name nobody uses for anything else, so it is a date even alone. */
  distinctive: boolean;
  date(year: number): LocalDate;
}

const HOLIDAYS: readonly Holiday[] = [
  { name: 'Christmas Eve', pattern: '(?:christmas|xmas)\\s+eve', distinctive: true, date: (y) => localDate(y, 12, 24) },
  { name: 'Christmas', pattern: '(?:christmas|xmas)(?:\\s+day)?', distinctive: false, date: (y) => localDate(y, 12, 25) },
  { name: 'Boxing Day', pattern: 'boxing\\s+day', distinctive: true, date: (y) => localDate(y, 12, 26) },
  { name: "New Year's Eve", pattern: "new\\s+year(?:'?s)?\\s+eve", distinctive: true, date: (y) => localDate(y, 12, 31) },
  { name: 'New Year', pattern: "new\\s+year(?:'?s)?(?:\\s+day)?", distinctive: false, date: (y) => localDate(y, 1, 1) },
  { name: "Valentine's Day", pattern: "valentine(?:'?s)?\\s+day", distinctive: true, date: (y) => localDate(y, 2, 14) },
  { name: 'Halloween', pattern: 'halloween', distinctive: false, date: (y) => localDate(y, 10, 31) },
  { name: 'Thanksgiving', pattern: 'thanksgiving(?:\\s+day)?', distinctive: false, date: thanksgiving },
  { name: 'Black Friday', pattern: 'black\\s+friday', distinctive: true, date: (y) => addDays(thanksgiving(y), 1) },
  { name: 'Cyber Monday', pattern: 'cyber\\s+monday', distinctive: true, date: (y) => addDays(thanksgiving(y), 4) },
];

/** The holiday in `year`, or the latest one not after (for "last": before) today. */
function occurrence(holiday: Holiday, year: number | undefined, word: string | undefined, today: LocalDate): LocalDate {
  if (year !== undefined) return holiday.date(year);
  if (word === 'this') return holiday.date(today.y);
  const thisYear = holiday.date(today.y);
  const cmp = compareDates(thisYear, today);
  return cmp > 0 || (cmp === 0 && word === 'last') ? holiday.date(today.y - 1) : thisYear;
}

function holidayRange(holiday: Holiday, year: number | undefined, word: string | undefined, today: LocalDate): LocalRange {
  const day = occurrence(holiday, year, word, today);
  const name = `${holiday.name} (${formatLongDate(day)})`;
  const lead = word === 'last' || word === 'this' ? word : 'on';
  const range: LocalRange = { start: day, end: addDays(day, 1), label: `${lead} ${name}`, name: lead === 'on' ? name : `${lead} ${name}` };
  if (year !== undefined || lead !== 'on') return range;
  return { ...range, withYear: (y) => holidayRange(holiday, y, word, today), ...(word === undefined && !holiday.distinctive ? { needsContext: true } : {}) };
}

export const HOLIDAY_RULES: readonly PhraseRule[] = HOLIDAYS.map((holiday) => ({
  kind: 'point',
  pattern: new RegExp(`\\b(?:(on|at|over|during|for|around|last|this)\\s+)?(?:the\\s+)?${holiday.pattern}(?:\\s+(?:of\\s+)?${YEAR})?\\b`, 'g'),
  resolve: (m, today) => holidayRange(holiday, m[2] === undefined ? undefined : Number(m[2]), m[1], today),
}));
