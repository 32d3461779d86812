import { partialPeriodNote } from './partial-period';

const asOf = { now: new Date('2026-03-19T15:30:00.000Z'), timezone: 'UTC' };

describe('partialPeriodNote', () => {
  it('says how much of a running period has passed, today included', () => {
    expect(partialPeriodNote({ start: '2026-03-01T00:00:00.000Z', end: '2026-04-01T00:00:00.000Z' }, asOf)).toBe('so far, 19 of 31 days');
    expect(partialPeriodNote({ start: '2026-01-01', end: '2026-07-01' }, asOf)).toBe('so far, 78 of 181 days');
    expect(partialPeriodNote({ start: '2026-03-16T00:00:00.000Z', end: '2026-03-23T00:00:00.000Z' }, asOf)).toBe('so far, 4 of 7 days');
  });

  it('says nothing for periods that are over, not started, open, or end with today', () => {
    expect(partialPeriodNote({ start: '2026-02-01T00:00:00.000Z', end: '2026-03-01T00:00:00.000Z' }, asOf)).toBeUndefined();
    expect(partialPeriodNote({ start: '2026-04-01T00:00:00.000Z', end: '2026-05-01T00:00:00.000Z' }, asOf)).toBeUndefined();
    expect(partialPeriodNote({ start: '2026-03-01T00:00:00.000Z' }, asOf)).toBeUndefined();
    expect(partialPeriodNote({ start: '2026-03-16T00:00:00.000Z', end: '2026-03-20T00:00:00.000Z' }, asOf)).toBeUndefined();
  });

  it('counts days in the caller\'s zone (already 20 March in Tokyo)', () => {
    const tokyo = { ...asOf, timezone: 'Asia/Tokyo' };
    expect(partialPeriodNote({ start: '2026-02-28T15:00:00.000Z', end: '2026-03-31T15:00:00.000Z' }, tokyo)).toBe('so far, 20 of 31 days');
  });
});
