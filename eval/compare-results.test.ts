import { compareResults } from './compare/compare-results';
import { normaliseCell } from './compare/normalise-cell';

describe('compareResults', () => {
  it('matches the same rows in another order when order does not matter', () => {
    const gold = [['Audio', 10], ['Laptop', 20]];
    const engine = [['Laptop', 20], ['Audio', 10]];
    expect(compareResults(gold, engine, false).match).toBe(true);
  });

  it('rejects the same rows in another order when the question asks for an order', () => {
    const gold = [['Audio', 20], ['Laptop', 10]];
    const engine = [['Laptop', 10], ['Audio', 20]];
    expect(compareResults(gold, engine, true)).toMatchObject({ match: false });
    expect(compareResults(gold, [['Audio', 20], ['Laptop', 10]], true).match).toBe(true);
  });

  it('tolerates float noise and integer/real/text forms of one number, but not a different cent', () => {
    expect(compareResults([[1234.5]], [[1234.4999999999]], false).match).toBe(true);
    expect(compareResults([[5]], [['5.0']], false).match).toBe(true);
    expect(compareResults([[3.14159]], [[3.14]], false).match).toBe(true);
    expect(compareResults([[1234.5]], [[1234.52]], false).match).toBe(false);
  });

  it('ignores column names and order, and extra engine columns, but not missing ones', () => {
    const gold = [['Audio', 10], ['Laptop', 20]];
    const engine = [[20, 'x', 'Laptop', 2], [10, 'y', 'Audio', 1]];
    expect(compareResults(gold, engine, false).match).toBe(true);
    expect(compareResults(gold, [['Audio'], ['Laptop']], false)).toMatchObject({ match: false, reason: expect.stringContaining('column') });
  });

  it('needs one column mapping for all rows, so a coincidental value does not match', () => {
    // Each gold row's value appears somewhere in the engine row, but in different columns.
    const gold = [[10], [20]];
    const engine = [[10, 99], [99, 20]];
    expect(compareResults(gold, engine, false).match).toBe(false);
  });

  it('treats empty against empty as a match and empty against rows as a mismatch', () => {
    expect(compareResults([], [], false).match).toBe(true);
    expect(compareResults([], [[1]], false)).toMatchObject({ match: false, reason: 'expected 0 row(s), got 1' });
    expect(compareResults([[null]], [], false).match).toBe(false);
  });

  it('reads a single engine row of two values as the two-row answer of a comparison', () => {
    expect(compareResults([[100], [80]], [[80, 100]], false).match).toBe(true);
  });

  it('counts row multiplicity', () => {
    expect(compareResults([['a'], ['a'], ['b']], [['a'], ['b'], ['b']], false).match).toBe(false);
  });
});

describe('normaliseCell', () => {
  it('keeps text, maps numeric text to numbers and -0 to 0', () => {
    expect(normaliseCell(' Laptop ')).toBe('Laptop');
    expect(normaliseCell('42')).toBe(42);
    expect(normaliseCell(-0.001)).toBe(0);
    expect(normaliseCell(undefined)).toBeNull();
  });
});
