/** A period written without its year takes the year of the conversation's period (conversation-year.ts). */
import { findDatePhrases } from './date-phrases';
import { PHRASE_LIST_NOW } from '../../test/support/date-phrase-list';

const now = PHRASE_LIST_NOW; // Thursday 2026-03-19
const in2010 = { start: '2010-03-01T00:00:00.000Z', end: '2010-04-01T00:00:00.000Z' };
const read = (text: string, anchor?: { start?: string; end?: string }) =>
  findDatePhrases(text, { now, ...(anchor ? { anchor } : {}) }).map((f) => [f.start?.slice(0, 10), f.end?.slice(0, 10), f.label]);

describe('a bare period in a conversation', () => {
  it('takes the year of the period talked about: "and April?" after March 2010', () => {
    expect(read('And April?', in2010)).toEqual([['2010-04-01', '2010-05-01', 'in April 2010']]);
    expect(read('only in December', in2010)).toEqual([['2010-12-01', '2011-01-01', 'in December 2010']]);
    expect(read('what about Q3?', { start: '2018-01-01T00:00:00.000Z', end: '2019-01-01T00:00:00.000Z' })).toEqual([['2018-07-01', '2018-10-01', 'in Q3 2018']]);
  });

  it('keeps a year the question names, and relative periods, as they are', () => {
    expect(read('what about March 2011?', in2010)).toEqual([['2011-03-01', '2011-04-01', 'in March 2011']]);
    expect(read('and last month?', in2010)).toEqual([['2026-02-01', '2026-03-01', 'last month (February 2026)']]);
  });

  it('counter-examples: no year to inherit, or no conversation', () => {
    // A period across New Year lends no year: the bare month keeps its most recent reading.
    expect(read('only in December', { start: '2009-11-15T00:00:00.000Z', end: '2010-02-15T00:00:00.000Z' })).toEqual([['2025-12-01', '2026-01-01', 'in December 2025']]);
    // Without a conversation a bare month after "and" is not a date ("may" is also a verb).
    expect(read('And April?')).toEqual([]);
    // Inside a longer question a bare month is still no date, conversation or not.
    expect(read('which orders may ship', in2010)).toEqual([]);
  });
});
