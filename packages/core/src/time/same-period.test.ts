/** "The same period last year" follows the other period of the question, or the previous question's. */
import { findDatePhrases } from './date-phrases';
import { PHRASE_LIST_NOW } from '../../test/support/date-phrase-list';

const now = PHRASE_LIST_NOW; // Thursday 2026-03-19
const read = (text: string, anchor?: { start?: string; end?: string }) =>
  findDatePhrases(text, { now, ...(anchor ? { anchor } : {}) }).map((f) => [f.start?.slice(0, 10), f.end?.slice(0, 10), f.label]);

describe('same period last year', () => {
  it('follows a complete period of the same question: last month vs the same period last year', () => {
    expect(read('revenue last month vs the same period last year')).toEqual([
      ['2026-02-01', '2026-03-01', 'last month (February 2026)'],
      ['2025-02-01', '2025-03-01', 'the same period last year (February 2025)'],
    ]);
  });

  it('compares a period still running day for day: this month vs the same period last year', () => {
    expect(read('orders this month compared to same period last year')[1]).toEqual(['2025-03-01', '2025-03-20', 'the same period last year (March 1 – March 19, 2025)']);
  });

  it('follows a period written after it, and any kind of period', () => {
    expect(read('same period last year vs Q3 2025')[0]).toEqual(['2024-07-01', '2024-10-01', 'the same period last year (Q3 2024)']);
    expect(read('revenue in H2 2025 and the same period a year earlier')[1]).toEqual(['2024-07-01', '2025-01-01', 'the same period last year (H2 2024)']);
    expect(read('last Tuesday vs the same day last year')[1]).toEqual(['2025-03-17', '2025-03-18', 'the same day last year (March 17, 2025)']);
  });

  it('follows the previous question when the question names no other period', () => {
    expect(read('what about the same period last year?', { start: '2025-10-01T00:00:00.000Z', end: '2026-01-01T00:00:00.000Z' })).toEqual([
      ['2024-10-01', '2025-01-01', 'the same period last year (Q4 2024)'],
    ]);
    expect(read('and the same quarter last year', { start: '2025-08-01', end: '2025-09-01' })).toEqual([
      ['2024-07-01', '2024-10-01', 'the same quarter last year (Q3 2024)'],
    ]);
    expect(read('same period last year', { start: '2026-03-01T00:00:00.000Z' })).toEqual([
      ['2025-03-01', '2025-03-20', 'the same period last year (March 1 – March 19, 2025)'],
    ]);
  });

  it('prefers a period of the question over the previous question', () => {
    expect(read('last month and the same period last year', { start: '2020-01-01', end: '2021-01-01' })[1]?.[2]).toBe('the same period last year (February 2025)');
  });
});

describe('combined ranges', () => {
  it('builds since / before / between from any kind of date', () => {
    expect(read('orders since the 3rd of March')).toEqual([['2026-03-03', undefined, 'since March 3, 2026']]);
    expect(read('orders before Christmas')).toEqual([[undefined, '2025-12-25', 'before Christmas (December 25, 2025)']]);
    expect(read('orders after 3/15')).toEqual([['2026-03-16', undefined, 'after March 15, 2026']]);
    expect(read('orders until last Tuesday')).toEqual([[undefined, '2026-03-18', 'until last Tuesday (March 17, 2026)']]);
    expect(read('orders from Q1 to Q3 2025')).toEqual([['2025-01-01', '2025-10-01', 'from Q1 2025 to Q3 2025']]);
    expect(read('orders from 2024-2025')).toEqual([['2024-01-01', '2026-01-01', 'from 2024 to 2025']]);
    expect(read('orders since H2')).toEqual([['2025-07-01', undefined, 'since H2 2025']]);
  });

  it('refuses a range that ends before it starts, and reads "from last month" as last month', () => {
    expect(read('orders between March 8 and March 2').map((r) => r[2])).toEqual(['on March 8, 2026', 'on March 2, 2026']);
    expect(read('orders from last month')).toEqual([['2026-02-01', '2026-03-01', 'last month (February 2026)']]);
  });

  it('reads a count before a month as a count, not a day', () => {
    expect(read('top 5 of march')).toEqual([['2026-03-01', '2026-04-01', 'in March 2026']]);
    expect(read('top 5 march 2026 products')).toEqual([['2026-03-01', '2026-04-01', 'in March 2026']]);
    expect(read('revenue on 5 march')).toEqual([['2026-03-05', '2026-03-06', 'on March 5, 2026']]);
  });

  it('keeps plural weekdays, unknown holidays and day-first slash dates out', () => {
    expect(read('revenue on Mondays')).toEqual([]);
    expect(read('revenue at easter')).toEqual([]);
    expect(read('orders on 31/12/2025')).toEqual([]);
  });
});
