/**
 * Every phrase of the issue-19 list resolves to its range and label (pinned clock, several zones), and
 * none of the non-dates is read as a period.
 */
import { DATE_PHRASES, NOT_DATES, PHRASE_LIST_NOW } from '../../test/support/date-phrase-list';
import { findDatePhrases } from './date-phrases';

describe('the date phrase list (now = Thursday 2026-03-19 15:30 UTC)', () => {
  it.each(DATE_PHRASES.map((c) => [`${c.phrase}${c.timezone ? ` [${c.timezone}]` : ''}`, c] as const))('%s', (_name, c) => {
    const found = findDatePhrases(`revenue ${c.phrase}`, { now: PHRASE_LIST_NOW, timezone: c.timezone ?? 'UTC' });
    expect(found.map((f) => ({ text: f.text, start: f.start, end: f.end, label: f.label }))).toEqual([
      { text: c.phrase.toLowerCase() === c.phrase ? c.phrase : expect.stringMatching(new RegExp(`^${c.phrase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'i')), start: c.start, end: c.end, label: c.label },
    ]);
  });

  it.each(NOT_DATES.map((text) => [text]))('"%s" holds no date', (text) => {
    expect(findDatePhrases(text, { now: PHRASE_LIST_NOW })).toEqual([]);
  });
});
