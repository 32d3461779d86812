import { findDatePhrases, resolveDatePhrase } from './date-phrases';

const NOW = new Date('2026-11-22T10:00:00Z'); // a Sunday
const day = (iso: string | undefined): string | undefined => iso?.slice(0, 10);

describe('resolveDatePhrase (UTC, now = Sunday 2026-11-22)', () => {
  const table: Array<[string, string | undefined, string | undefined, string]> = [
    ['today', '2026-11-22', '2026-11-23', 'today (November 22, 2026)'],
    ['yesterday', '2026-11-21', '2026-11-22', 'yesterday (November 21, 2026)'],
    ['this week', '2026-11-16', '2026-11-23', 'this week (week of 16 Nov 2026)'],
    ['last week', '2026-11-09', '2026-11-16', 'last week (week of 9 Nov 2026)'],
    ['previous week', '2026-11-09', '2026-11-16', 'last week (week of 9 Nov 2026)'],
    ['this month', '2026-11-01', '2026-12-01', 'this month (November 2026)'],
    ['last month', '2026-10-01', '2026-11-01', 'last month (October 2026)'],
    ['in the previous month', '2026-10-01', '2026-11-01', 'last month (October 2026)'],
    ['this quarter', '2026-10-01', '2027-01-01', 'this quarter (Q4 2026)'],
    ['last quarter', '2026-07-01', '2026-10-01', 'last quarter (Q3 2026)'],
    ['this year', '2026-01-01', '2027-01-01', 'this year (2026)'],
    ['last year', '2025-01-01', '2026-01-01', 'last year (2025)'],
    ['last 7 days', '2026-11-15', '2026-11-22', 'the last 7 days (November 15 – November 21, 2026)'],
    ['in the past thirty days', '2026-10-23', '2026-11-22', 'the last 30 days (October 23 – November 21, 2026)'],
    ['last 2 weeks', '2026-11-02', '2026-11-16', 'the last 2 weeks (November 2 – November 15, 2026)'],
    ['last 3 months', '2026-08-01', '2026-11-01', 'the last 3 months (August 2026 – October 2026)'],
    ['last two years', '2024-01-01', '2026-01-01', 'the last 2 years (2024 – 2025)'],
    ['in 2025', '2025-01-01', '2026-01-01', 'in 2025'],
    ['in the 1990s', '1990-01-01', '2000-01-01', 'in the 1990s'],
    ['during the 2010s', '2010-01-01', '2020-01-01', 'in the 2010s'],
    ['in March', '2026-03-01', '2026-04-01', 'in March 2026'],
    ['in December', '2025-12-01', '2026-01-01', 'in December 2025'],
    ['in November', '2026-11-01', '2026-12-01', 'in November 2026'],
    ['in March 2025', '2025-03-01', '2025-04-01', 'in March 2025'],
    ['march 2024', '2024-03-01', '2024-04-01', 'in March 2024'],
    ['since March', '2026-03-01', undefined, 'since March 2026'],
    ['since 2025', '2025-01-01', undefined, 'since 2025'],
    ['before 2025', undefined, '2025-01-01', 'before 2025'],
    ['Q3 2025', '2025-07-01', '2025-10-01', 'in Q3 2025'],
    ['q4', '2026-10-01', '2027-01-01', 'in Q4 2026'],
    ['third quarter of 2025', '2025-07-01', '2025-10-01', 'in Q3 2025'],
    ['between January and June 2026', '2026-01-01', '2026-07-01', 'between January and June 2026'],
    ['between November and February', '2025-11-01', '2026-03-01', 'between November 2025 and February 2026'],
    ['from 2025-01-01 to 2025-03-31', '2025-01-01', '2025-04-01', 'from 2025-01-01 to 2025-03-31'],
    ['between 2024 and 2025', '2024-01-01', '2026-01-01', 'from 2024 to 2025'],
    ['on 2026-02-03', '2026-02-03', '2026-02-04', 'on 2026-02-03'],
    ['year to date', '2026-01-01', '2026-11-23', 'year to date (January 1 – November 22, 2026)'],
    ['ytd', '2026-01-01', '2026-11-23', 'year to date (January 1 – November 22, 2026)'],
    ['month to date', '2026-11-01', '2026-11-23', 'month to date (November 1 – November 22, 2026)'],
    ['quarter-to-date', '2026-10-01', '2026-11-23', 'quarter to date (October 1 – November 22, 2026)'],
  ];
  it.each(table)('%s', (phrase, start, end, label) => {
    const match = resolveDatePhrase(`revenue ${phrase}`, { now: NOW });
    expect(match).toBeDefined();
    expect([day(match?.start), day(match?.end), match?.label]).toEqual([start, end, label]);
    expect(match?.text.toLowerCase()).toBe(phrase.toLowerCase());
  });

  it('returns full ISO instants and the span of the phrase', () => {
    const match = resolveDatePhrase('How many orders last month?', { now: NOW });
    expect(match).toMatchObject({ start: '2026-10-01T00:00:00.000Z', end: '2026-11-01T00:00:00.000Z', span: { from: 16, to: 26 }, text: 'last month' });
  });

  it('finds nothing in questions without a period, and does not read "may" or bare numbers as dates', () => {
    expect(findDatePhrases('revenue by category', { now: NOW })).toEqual([]);
    expect(findDatePhrases('may I see orders over 2025 dollars', { now: NOW })).toEqual([]);
    expect(findDatePhrases('top 5 customers', { now: NOW })).toEqual([]);
    expect(findDatePhrases('orders between 1900 and 2000 dollars', { now: NOW })).toEqual([]);
  });

  it('reads a bare year only after a joiner ("2025 and 2024", "what about 2024?"), never after a comparison word', () => {
    const years = (text: string): Array<string | undefined> => findDatePhrases(text, { now: NOW }).map((f) => day(f.start));
    expect(years('compare orders in 2025 and 2024')).toEqual(['2025-01-01', '2024-01-01']);
    expect(years('average order value in 2025 vs 2024')).toEqual(['2025-01-01', '2024-01-01']);
    expect(years('what about 2024?')).toEqual(['2024-01-01']);
    expect(years('products with stock above 2000')).toEqual([]);
    expect(years('orders with 2025 units')).toEqual([]);
    expect(years('customers with more than 2000 orders')).toEqual([]);
    expect(years('products priced between 500 and 2000')).toEqual([]);
  });

  it('"last N days" leaves out today, which is not complete yet', () => {
    const match = resolveDatePhrase('orders in the past 7 days', { now: NOW });
    expect([day(match?.start), day(match?.end)]).toEqual(['2026-11-15', '2026-11-22']);
  });

  it('prefers the longest phrase and reports several phrases left to right', () => {
    const found = findDatePhrases('last quarter of 2025 versus this year', { now: NOW });
    expect(found.map((f) => f.text)).toEqual(['last quarter of 2025', 'this year']);
    expect(day(found[0]?.start)).toBe('2025-10-01');
  });
});

describe('time zones', () => {
  it('resolves "today" in the zone of the caller (already Monday in Tokyo late on Sunday UTC)', () => {
    const now = new Date('2026-11-22T20:00:00Z'); // Mon 05:00 in Tokyo
    const match = resolveDatePhrase('today', { now, timezone: 'Asia/Tokyo' });
    expect(match).toMatchObject({ start: '2026-11-22T15:00:00.000Z', end: '2026-11-23T15:00:00.000Z' });
  });

  it('handles daylight saving changes inside a range (Europe/Berlin, March 2026)', () => {
    const match = resolveDatePhrase('in March 2026', { now: NOW, timezone: 'Europe/Berlin' });
    expect(match).toMatchObject({ start: '2026-02-28T23:00:00.000Z', end: '2026-03-31T22:00:00.000Z' });
  });

  it('puts week starts on Monday in New York', () => {
    const match = resolveDatePhrase('this week', { now: new Date('2026-11-23T03:00:00Z'), timezone: 'America/New_York' }); // Sun 22:00 local
    expect(match).toMatchObject({ start: '2026-11-16T05:00:00.000Z', end: '2026-11-23T05:00:00.000Z' });
  });

  it('rejects an unknown zone', () => {
    expect(() => resolveDatePhrase('today', { now: NOW, timezone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
