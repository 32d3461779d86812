/**
 * "The previous quarter", "the quarter before that", "the year after that" (issue 25, item 14): one whole
 * unit before or after another period of the question, else the previous question's period (the anchor).
 */
import { findDatePhrases } from './date-phrases';
import { PHRASE_LIST_NOW } from '../../test/support/date-phrase-list';

const now = PHRASE_LIST_NOW; // Thursday 2026-03-19
const read = (text: string, anchor?: { start?: string; end?: string }) =>
  findDatePhrases(text, { now, ...(anchor ? { anchor } : {}) }).map((f) => [f.start?.slice(0, 10), f.end?.slice(0, 10), f.label]);

const Q3_2025 = { start: '2025-07-01T00:00:00.000Z', end: '2025-10-01T00:00:00.000Z' };

describe('a period one unit from the previous question’s', () => {
  it('moves "the previous quarter" back from the quarter asked about, not from today', () => {
    expect(read('what about the previous quarter?', Q3_2025)).toEqual([['2025-04-01', '2025-07-01', 'the previous quarter (Q2 2025)']]);
    expect(read('and the prior quarter', Q3_2025)).toEqual([['2025-04-01', '2025-07-01', 'the previous quarter (Q2 2025)']]);
  });

  it('reads "the <unit> before (that)" and "the <unit> after (that)" in any unit', () => {
    expect(read('the quarter before that?', Q3_2025)).toEqual([['2025-04-01', '2025-07-01', 'the previous quarter (Q2 2025)']]);
    expect(read('and the month before', Q3_2025)).toEqual([['2025-06-01', '2025-07-01', 'the previous month (June 2025)']]);
    expect(read('previous month', Q3_2025)).toEqual([['2025-06-01', '2025-07-01', 'the previous month (June 2025)']]);
    expect(read('what about the year after that?', Q3_2025)).toEqual([['2026-01-01', '2027-01-01', 'the following year (2026)']]);
    expect(read('the quarter after', Q3_2025)).toEqual([['2025-10-01', '2026-01-01', 'the following quarter (Q4 2025)']]);
    expect(read('the following week', { start: '2025-07-01', end: '2025-07-02' })).toEqual([['2025-07-07', '2025-07-14', 'the following week (week of 7 Jul 2025)']]);
    expect(read('the preceding day', { start: '2025-07-01', end: '2025-07-02' })).toEqual([['2025-06-30', '2025-07-01', 'the previous day (June 30, 2025)']]);
    expect(read('the day before that', { start: '2025-07-01', end: '2025-07-02' })).toEqual([['2025-06-30', '2025-07-01', 'the previous day (June 30, 2025)']]);
  });

  it('steps from an open-ended period by the bound it has', () => {
    expect(read('the month before', { start: '2026-02-01T00:00:00.000Z' })).toEqual([['2026-01-01', '2026-02-01', 'the previous month (January 2026)']]);
    expect(read('the year after that', { end: '2025-01-01T00:00:00.000Z' })).toEqual([['2025-01-01', '2026-01-01', 'the following year (2025)']]);
  });
});

describe('a period one unit from another period of the same question', () => {
  it('follows the period written next to it, before or after', () => {
    expect(read('revenue in Q3 2025 vs the previous quarter')).toEqual([
      ['2025-07-01', '2025-10-01', 'in Q3 2025'],
      ['2025-04-01', '2025-07-01', 'the previous quarter (Q2 2025)'],
    ]);
    expect(read('revenue last month vs the previous month')[1]).toEqual(['2026-01-01', '2026-02-01', 'the previous month (January 2026)']);
    expect(read('the year before vs 2025 revenue')[0]).toEqual(['2024-01-01', '2025-01-01', 'the previous year (2024)']);
  });

  it('prefers a period of the question over the previous question’s', () => {
    expect(read('last month vs the previous month', Q3_2025)[1]?.[2]).toBe('the previous month (January 2026)');
  });
});

describe('with no other period', () => {
  it('reads "the previous <unit>" as the last complete one, as before', () => {
    expect(read('revenue in the previous quarter')).toEqual([['2025-10-01', '2026-01-01', 'last quarter (Q4 2025)']]);
    expect(read('previous week')).toEqual([['2026-03-09', '2026-03-16', 'last week (week of 9 Mar 2026)']]);
  });

  it('finds no date in "the quarter before that", "the month before" or "the following year"', () => {
    expect(read('the quarter before that?')).toEqual([]);
    expect(read('revenue the month before')).toEqual([]);
    expect(read('orders the following year')).toEqual([]);
  });

  it('leaves the phrases counted from today alone', () => {
    expect(read('the month before last', Q3_2025)).toEqual([['2026-01-01', '2026-02-01', 'the month before last (January 2026)']]);
    expect(read('the day before yesterday', Q3_2025)[0]?.[0]).toBe('2026-03-17');
    expect(read('customers who ordered a month after signing up', Q3_2025)).toEqual([]);
  });
});
