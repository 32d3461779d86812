/** "from 2015 onwards", "2015 and later": a named date that opens a period (combine-ranges.ts). */
import { findDatePhrases } from './date-phrases';

const now = new Date('2026-06-15T12:00:00Z');
const read = (text: string) => findDatePhrases(text, { now }).map((f) => [f.start?.slice(0, 10), f.end?.slice(0, 10), f.label, f.text]);

describe('a date that opens a period', () => {
  it('reads "from X onwards", "X onwards", "X and later", "X or after" as since X', () => {
    expect(read('Only from 2015 onwards.')).toEqual([['2015-01-01', undefined, 'since 2015', 'from 2015 onwards']]);
    expect(read('orders 2015 onwards')).toEqual([['2015-01-01', undefined, 'since 2015', '2015 onwards']]);
    expect(read('orders from March 2024 and later')).toEqual([['2024-03-01', undefined, 'since March 2024', 'from March 2024 and later']]);
    expect(read('hires in 2019 or after')).toEqual([['2019-01-01', undefined, 'since 2019', 'in 2019 or after']]);
  });

  it('counter-examples: two years joined by "and" stay two periods; a relative period is not a point', () => {
    expect(read('orders in 2015 and 2016').map((r) => r[2])).toEqual(['in 2015', 'in 2016']);
    expect(read('revenue last month onwards').map((r) => r[2])).toEqual(['last month (May 2026)']);
  });
});
