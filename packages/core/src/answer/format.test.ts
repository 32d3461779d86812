import { toNumber } from './to-number';
import { formatCell } from './cell-format';
import { formatChange, formatNumber, formatProseNumber } from './format-number';
import { formatDateValue, formatPeriod, formatPeriodInProse } from './format-period';

describe('formatNumber', () => {
  it.each([
    [1284.5, 'currency', '$1,284.50'],
    [1234567.891, 'currency', '$1,234,567.89'],
    [-12.5, 'currency', '-$12.50'],
    [1284, 'integer', '1,284'],
    [1234567, 'integer', '1,234,567'],
    [4.2137, 'average', '4.21'],
    [4, 'average', '4.00'],
    [1234.5678, 'decimal', '1,234.57'],
    [3, 'decimal', '3'],
    [0.153, 'percent', '15.3%'],
  ] as const)('%p as %s -> %s', (value, style, expected) => {
    expect(formatNumber(value, style, 'USD')).toBe(expected);
  });

  it('uses the model currency code', () => {
    expect(formatNumber(1284.5, 'currency', 'EUR')).toBe('€1,284.50');
    expect(formatNumber(10, 'currency', 'GBP')).toBe('£10.00');
  });
});

describe('formatProseNumber', () => {
  it('rounds large money for running text, keeps small amounts exact', () => {
    expect(formatProseNumber(2_140_000, 'currency', 'USD')).toBe('$2.1M');
    expect(formatProseNumber(5_300_000, 'currency', 'USD')).toBe('$5.3M');
    expect(formatProseNumber(45_231.2, 'currency', 'USD')).toBe('$45,231');
    expect(formatProseNumber(500, 'currency', 'USD')).toBe('$500');
    expect(formatProseNumber(961.5, 'currency', 'USD')).toBe('$961.50');
    expect(formatProseNumber(1284, 'integer', 'USD')).toBe('1,284');
  });

  it('signs changes', () => {
    expect(formatChange(0.497)).toBe('+49.7%');
    expect(formatChange(-0.032)).toBe('-3.2%');
  });
});

describe('periods and dates', () => {
  it.each([
    ['2026-11-03', 'day', '3 Nov 2026'],
    ['2026-11-02', 'week', 'week of 2 Nov 2026'],
    ['2026-10', 'month', 'October 2026'],
    ['2026-10-01', 'month', 'October 2026'],
    ['2025-Q3', 'quarter', 'Q3 2025'],
    ['2025-07-01', 'quarter', 'Q3 2025'],
    ['2025', 'year', '2025'],
  ] as const)('%s (%s) -> %s', (value, grain, expected) => {
    expect(formatPeriod(value, grain)).toBe(expected);
  });

  it('accepts a year returned as a number', () => {
    expect(formatPeriod(2025, 'year')).toBe('2025');
  });

  it('puts the right preposition before a period', () => {
    expect(formatPeriodInProse('2026-11-03', 'day')).toBe('on 3 Nov 2026');
    expect(formatPeriodInProse('2026-11-02', 'week')).toBe('in the week of 2 Nov 2026');
    expect(formatPeriodInProse('2026-10', 'month')).toBe('in October 2026');
  });

  it('formats dates and date-times in UTC without shifting the day', () => {
    expect(formatDateValue('2026-11-03')).toBe('3 Nov 2026');
    expect(formatDateValue('2026-11-03T00:00:00.000Z')).toBe('3 Nov 2026');
    expect(formatDateValue('2026-11-03 14:05:09')).toBe('3 Nov 2026, 14:05');
    expect(formatDateValue('2026-11-03T23:30:00-02:00')).toBe('4 Nov 2026, 01:30');
    expect(formatDateValue(new Date(Date.UTC(2026, 0, 5)))).toBe('5 Jan 2026');
    expect(formatDateValue('not a date')).toBe('not a date');
  });
});

describe('formatCell', () => {
  it('reads PostgreSQL numeric strings as numbers and never prints null', () => {
    expect(formatCell('1234.5', { kind: 'number', style: 'currency' }, 'USD')).toBe('$1,234.50');
    expect(formatCell(BigInt(1284), { kind: 'number', style: 'integer' }, 'USD')).toBe('1,284');
    expect(formatCell(null, { kind: 'number', style: 'currency' }, 'USD')).toBe('');
    expect(formatCell(10234, { kind: 'text' }, 'USD')).toBe('10234');
    expect(formatCell(1, { kind: 'boolean' }, 'USD')).toBe('Yes');
  });
});

describe('toNumber', () => {
  it('removes binary floating-point noise from summed money but keeps real precision', () => {
    expect(toNumber(0.1 + 0.2)).toBe(0.3);
    expect(toNumber(61702.700000000004)).toBe(61702.7);
    expect(toNumber(1234567.891)).toBe(1234567.891);
    expect(toNumber('123.50')).toBe(123.5);
  });
});
