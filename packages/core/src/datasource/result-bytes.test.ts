import { estimateRowsBytes, stringBytes } from './result-bytes';

describe('estimateRowsBytes', () => {
  it('grows with rows and with the size of their values', () => {
    const rows = (n: number, text: string) => Array.from({ length: n }, (_, i) => ({ label: `${text}${i}`, value: i + 0.25 }));
    expect(estimateRowsBytes(rows(100, 'a'))).toBeGreaterThan(estimateRowsBytes(rows(10, 'a')) * 9);
    expect(estimateRowsBytes(rows(10, 'a'.repeat(200)))).toBeGreaterThan(estimateRowsBytes(rows(10, 'a')) + 10 * 190);
    expect(estimateRowsBytes([])).toBeGreaterThan(0);
  });

  it('counts two bytes a character for text outside Latin-1, as V8 stores it', () => {
    expect(stringBytes('Zürich')).toBe(stringBytes('Zurich'));
    expect(stringBytes('東京都') - stringBytes('abc')).toBe(3);
  });

  it('counts nested values (JSON columns) and dates', () => {
    expect(estimateRowsBytes([{ data: { a: 'x'.repeat(100) } }])).toBeGreaterThan(estimateRowsBytes([{ data: 'x' }]) + 100);
    expect(estimateRowsBytes([{ at: new Date() }])).toBeGreaterThan(estimateRowsBytes([{ at: null }]));
  });
});
