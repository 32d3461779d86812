/**
 * The date phrases people write (issue 19), each with the range and label it must resolve to. Written
 * before the grammar was widened, and kept as the test every date parser change must pass
 * (date-phrase-list.test.ts), the measurement of grammar vs chrono-node (docs/dates.md) and the API test
 * (apps/api-v1/test/acceptance/date-phrases.test.ts).
 *
 * Pinned clock: Thursday 2026-03-19 15:30 UTC. Zone UTC unless a case names one. Ranges are [start, end)
 * instants of local midnight; an absent bound is an open range. Calendar facts used below:
 * - weeks start on Monday: this week is 16–22 March 2026, last week 9–15, two weeks ago 2–8;
 * - US daylight saving starts 8 March 2026; New Zealand's ends 5 April 2026 (NZDT, UTC+13, on the 19th);
 *   at the pinned instant it is already Friday 20 March in Tokyo and Auckland;
 * - Thanksgiving 2025 is 27 November, Black Friday 28 November; 19 March 2025 was a Wednesday.
 */

export const PHRASE_LIST_NOW = new Date('2026-03-19T15:30:00.000Z');

export interface PhraseCase {
  /** As a person would type it after "revenue " or "orders ". */
  phrase: string;
  /** Inclusive start instant; absent for "before ..." ranges. */
  start?: string;
  /** Exclusive end instant; absent for "since ..." ranges. */
  end?: string;
  /** How the answer states the period: it must show how the phrase was read. */
  label: string;
  /** IANA zone; UTC when absent. */
  timezone?: string;
}

const utc = (day: string): string => `${day}T00:00:00.000Z`;
const span = (from: string, to: string): Pick<PhraseCase, 'start' | 'end'> => ({ start: utc(from), end: utc(to) });

export const DATE_PHRASES: readonly PhraseCase[] = [
  // Relative days and "N units ago": a day is that day; a week, month, quarter or year is the whole calendar unit.
  { phrase: 'today', ...span('2026-03-19', '2026-03-20'), label: 'today (March 19, 2026)' },
  { phrase: 'yesterday', ...span('2026-03-18', '2026-03-19'), label: 'yesterday (March 18, 2026)' },
  { phrase: 'the day before yesterday', ...span('2026-03-17', '2026-03-18'), label: 'the day before yesterday (March 17, 2026)' },
  { phrase: '3 days ago', ...span('2026-03-16', '2026-03-17'), label: 'three days ago (March 16, 2026)' },
  { phrase: 'two weeks ago', ...span('2026-03-02', '2026-03-09'), label: 'two weeks ago (week of 2 Mar 2026)' },
  { phrase: 'a week ago', ...span('2026-03-09', '2026-03-16'), label: 'a week ago (week of 9 Mar 2026)' },
  { phrase: 'the week before last', ...span('2026-03-02', '2026-03-09'), label: 'the week before last (week of 2 Mar 2026)' },
  { phrase: 'a fortnight ago', ...span('2026-03-02', '2026-03-09'), label: 'a fortnight ago (week of 2 Mar 2026)' },
  { phrase: 'a month ago', ...span('2026-02-01', '2026-03-01'), label: 'a month ago (February 2026)' },
  { phrase: 'two months ago', ...span('2026-01-01', '2026-02-01'), label: 'two months ago (January 2026)' },
  { phrase: 'a quarter ago', ...span('2025-10-01', '2026-01-01'), label: 'a quarter ago (Q4 2025)' },
  { phrase: 'a year ago', ...span('2025-01-01', '2026-01-01'), label: 'a year ago (2025)' },

  // Weekdays: "last X" is the latest X before today; "on X" / "X" the latest X not after today; "this X" is in this week.
  { phrase: 'last Tuesday', ...span('2026-03-17', '2026-03-18'), label: 'last Tuesday (March 17, 2026)' },
  { phrase: 'last Thursday', ...span('2026-03-12', '2026-03-13'), label: 'last Thursday (March 12, 2026)' },
  { phrase: 'last Friday', ...span('2026-03-13', '2026-03-14'), label: 'last Friday (March 13, 2026)' },
  { phrase: 'last Sunday', ...span('2026-03-15', '2026-03-16'), label: 'last Sunday (March 15, 2026)' },
  { phrase: 'on Monday', ...span('2026-03-16', '2026-03-17'), label: 'on Monday (March 16, 2026)' },
  { phrase: 'on Saturday', ...span('2026-03-14', '2026-03-15'), label: 'on Saturday (March 14, 2026)' },
  { phrase: 'on Thursday', ...span('2026-03-19', '2026-03-20'), label: 'on Thursday (March 19, 2026)' },
  { phrase: 'Wednesday', ...span('2026-03-18', '2026-03-19'), label: 'on Wednesday (March 18, 2026)' },
  { phrase: 'this Monday', ...span('2026-03-16', '2026-03-17'), label: 'this Monday (March 16, 2026)' },
  { phrase: 'last weekend', ...span('2026-03-14', '2026-03-16'), label: 'last weekend (March 14 – March 15, 2026)' },

  // Month and day, written out: without a year, the latest such day not after today.
  { phrase: 'March 3rd', ...span('2026-03-03', '2026-03-04'), label: 'on March 3, 2026' },
  { phrase: 'March 3', ...span('2026-03-03', '2026-03-04'), label: 'on March 3, 2026' },
  { phrase: '3rd of March', ...span('2026-03-03', '2026-03-04'), label: 'on March 3, 2026' },
  { phrase: 'the 3rd of March', ...span('2026-03-03', '2026-03-04'), label: 'on March 3, 2026' },
  { phrase: '3 March 2026', ...span('2026-03-03', '2026-03-04'), label: 'on March 3, 2026' },
  { phrase: 'on March 3rd, 2025', ...span('2025-03-03', '2025-03-04'), label: 'on March 3, 2025' },
  { phrase: 'on Mar 19', ...span('2026-03-19', '2026-03-20'), label: 'on March 19, 2026' },
  { phrase: 'March 25', ...span('2025-03-25', '2025-03-26'), label: 'on March 25, 2025' },
  { phrase: 'Dec 24', ...span('2025-12-24', '2025-12-25'), label: 'on December 24, 2025' },
  { phrase: 'from March 1st to March 15th', ...span('2026-03-01', '2026-03-16'), label: 'from March 1, 2026 to March 15, 2026' },
  { phrase: 'between March 2 and March 8', ...span('2026-03-02', '2026-03-09'), label: 'from March 2, 2026 to March 8, 2026' },

  // Slash dates read month/day/year (US); a two-digit year is 20yy; month/day alone needs "on", "since"...
  { phrase: '3/15/2026', ...span('2026-03-15', '2026-03-16'), label: 'on March 15, 2026' },
  { phrase: 'on 3/15', ...span('2026-03-15', '2026-03-16'), label: 'on March 15, 2026' },
  { phrase: '3/4/2026', ...span('2026-03-04', '2026-03-05'), label: 'on March 4, 2026' },
  { phrase: '12/25/25', ...span('2025-12-25', '2025-12-26'), label: 'on December 25, 2025' },
  { phrase: 'since 1/1/2026', start: utc('2026-01-01'), label: 'since January 1, 2026' },
  { phrase: 'before 3/1/2026', end: utc('2026-03-01'), label: 'before March 1, 2026' },
  { phrase: 'from 1/1/2026 to 1/31/2026', ...span('2026-01-01', '2026-02-01'), label: 'from January 1, 2026 to January 31, 2026' },

  // Halves of a year.
  { phrase: 'H1 2026', ...span('2026-01-01', '2026-07-01'), label: 'in H1 2026' },
  { phrase: 'H2 2025', ...span('2025-07-01', '2026-01-01'), label: 'in H2 2025' },
  { phrase: 'in H2', ...span('2025-07-01', '2026-01-01'), label: 'in H2 2025' },
  { phrase: 'first half of 2025', ...span('2025-01-01', '2025-07-01'), label: 'in H1 2025' },
  { phrase: 'the second half of last year', ...span('2025-07-01', '2026-01-01'), label: 'in H2 2025' },
  { phrase: 'the first half of this year', ...span('2026-01-01', '2026-07-01'), label: 'in H1 2026' },

  // Counted spans: days are complete days before today; weeks (a fortnight is two), months, quarters are complete calendar units.
  { phrase: 'last fortnight', ...span('2026-03-02', '2026-03-16'), label: 'last fortnight (March 2 – March 15, 2026)' },
  { phrase: 'the past fortnight', ...span('2026-03-02', '2026-03-16'), label: 'last fortnight (March 2 – March 15, 2026)' },
  { phrase: 'the last two weeks', ...span('2026-03-02', '2026-03-16'), label: 'the last 2 weeks (March 2 – March 15, 2026)' },
  { phrase: 'the past 90 days', ...span('2025-12-19', '2026-03-19'), label: 'the last 90 days (December 19, 2025 – March 18, 2026)' },
  { phrase: 'in the last ninety days', ...span('2025-12-19', '2026-03-19'), label: 'the last 90 days (December 19, 2025 – March 18, 2026)' },
  { phrase: 'last 14 days', ...span('2026-03-05', '2026-03-19'), label: 'the last 14 days (March 5 – March 18, 2026)' },
  { phrase: 'past 6 months', ...span('2025-09-01', '2026-03-01'), label: 'the last 6 months (September 2025 – February 2026)' },
  { phrase: 'over the past 12 months', ...span('2025-03-01', '2026-03-01'), label: 'the last 12 months (March 2025 – February 2026)' },
  { phrase: 'last 2 quarters', ...span('2025-07-01', '2026-01-01'), label: 'the last 2 quarters (Q3 2025 – Q4 2025)' },

  // Holidays (US calendar): without a year, the latest one not after today.
  { phrase: 'since Christmas', start: utc('2025-12-25'), label: 'since Christmas (December 25, 2025)' },
  { phrase: 'since New Year', start: utc('2026-01-01'), label: 'since New Year (January 1, 2026)' },
  { phrase: "since New Year's Day", start: utc('2026-01-01'), label: 'since New Year (January 1, 2026)' },
  { phrase: 'on Christmas Eve', ...span('2025-12-24', '2025-12-25'), label: 'on Christmas Eve (December 24, 2025)' },
  { phrase: 'on Christmas 2024', ...span('2024-12-25', '2024-12-26'), label: 'on Christmas (December 25, 2024)' },
  { phrase: 'last Christmas', ...span('2025-12-25', '2025-12-26'), label: 'last Christmas (December 25, 2025)' },
  { phrase: "on New Year's Eve", ...span('2025-12-31', '2026-01-01'), label: "on New Year's Eve (December 31, 2025)" },
  { phrase: 'on Thanksgiving', ...span('2025-11-27', '2025-11-28'), label: 'on Thanksgiving (November 27, 2025)' },
  { phrase: 'since Black Friday', start: utc('2025-11-28'), label: 'since Black Friday (November 28, 2025)' },
  { phrase: 'since last Tuesday', start: utc('2026-03-17'), label: 'since last Tuesday (March 17, 2026)' },

  // To date: from the start of the current unit through today.
  { phrase: 'week to date', ...span('2026-03-16', '2026-03-20'), label: 'week to date (March 16 – March 19, 2026)' },
  { phrase: 'wtd', ...span('2026-03-16', '2026-03-20'), label: 'week to date (March 16 – March 19, 2026)' },
  { phrase: 'month to date', ...span('2026-03-01', '2026-03-20'), label: 'month to date (March 1 – March 19, 2026)' },
  { phrase: 'this month so far', ...span('2026-03-01', '2026-03-20'), label: 'month to date (March 1 – March 19, 2026)' },
  { phrase: 'quarter to date', ...span('2026-01-01', '2026-03-20'), label: 'quarter to date (January 1 – March 19, 2026)' },
  { phrase: 'so far this year', ...span('2026-01-01', '2026-03-20'), label: 'year to date (January 1 – March 19, 2026)' },
  { phrase: 'ytd', ...span('2026-01-01', '2026-03-20'), label: 'year to date (January 1 – March 19, 2026)' },

  // The same period a year earlier. Alone, "same period" is this year to date; next to another period it follows that one.
  { phrase: 'same period last year', ...span('2025-01-01', '2025-03-20'), label: 'the same period last year (January 1 – March 19, 2025)' },
  { phrase: 'the same month last year', ...span('2025-03-01', '2025-04-01'), label: 'the same month last year (March 2025)' },
  { phrase: 'same quarter last year', ...span('2025-01-01', '2025-04-01'), label: 'the same quarter last year (Q1 2025)' },
  { phrase: 'same week last year', ...span('2025-03-17', '2025-03-24'), label: 'the same week last year (week of 17 Mar 2025)' },
  { phrase: 'same day last year', ...span('2025-03-19', '2025-03-20'), label: 'the same day last year (March 19, 2025)' },

  // Business periods the grammar already read; they must keep working.
  { phrase: 'last month', ...span('2026-02-01', '2026-03-01'), label: 'last month (February 2026)' },
  { phrase: 'this quarter', ...span('2026-01-01', '2026-04-01'), label: 'this quarter (Q1 2026)' },
  { phrase: 'Q3', ...span('2025-07-01', '2025-10-01'), label: 'in Q3 2025' },
  { phrase: 'in March', ...span('2026-03-01', '2026-04-01'), label: 'in March 2026' },
  { phrase: 'in 2025', ...span('2025-01-01', '2026-01-01'), label: 'in 2025' },
  { phrase: 'since March', start: utc('2026-03-01'), label: 'since March 2026' },
  { phrase: 'on 2026-03-03', ...span('2026-03-03', '2026-03-04'), label: 'on 2026-03-03' },

  // Other zones: "today" is the caller's day (already Friday 20 March in Tokyo and Auckland).
  { phrase: 'yesterday', start: '2026-03-18T11:00:00.000Z', end: '2026-03-19T11:00:00.000Z', label: 'yesterday (March 19, 2026)', timezone: 'Pacific/Auckland' },
  { phrase: 'last Tuesday', start: '2026-03-16T15:00:00.000Z', end: '2026-03-17T15:00:00.000Z', label: 'last Tuesday (March 17, 2026)', timezone: 'Asia/Tokyo' },
  { phrase: 'week to date', start: '2026-03-15T15:00:00.000Z', end: '2026-03-20T15:00:00.000Z', label: 'week to date (March 16 – March 20, 2026)', timezone: 'Asia/Tokyo' },
  { phrase: '3/15/2026', start: '2026-03-15T04:00:00.000Z', end: '2026-03-16T04:00:00.000Z', label: 'on March 15, 2026', timezone: 'America/New_York' },
  // Crosses the start of US daylight saving: EST at the start, EDT at the end.
  { phrase: 'the past fortnight', start: '2026-03-02T05:00:00.000Z', end: '2026-03-16T04:00:00.000Z', label: 'last fortnight (March 2 – March 15, 2026)', timezone: 'America/New_York' },
];

/** Text with numbers, slashes and month-like words that is not a date: no parser may find a period in it. */
export const NOT_DATES: readonly string[] = [
  'top 5 products',
  'orders over 300',
  '2 or more',
  'in 3 categories',
  'may I see revenue',
  'reviews with a rating of 4/5',
  'products rated 10/10',
  'orders of 12-15 items',
  'products priced above 3.15',
  'orders between 1900 and 2000 dollars',
  'products with stock above 2000',
  'customers with more than 2000 orders',
  'products priced between 500 and 2000',
  'orders with 2025 units',
  'the last 5 orders',
  'first 3 customers',
  'second best category',
  'revenue per week',
  'orders by month',
  'christmas tree sales',
  'half of the customers',
  '1/2 of the revenue',
  'orders on 13/3/2026',
  'top 10 customers by spend',
];
