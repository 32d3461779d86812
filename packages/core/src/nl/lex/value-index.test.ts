import { damerauLevenshtein } from './edit-distance';
import { demoValues } from '../../../test/support/demo-model';
import { createValueIndex } from './value-index';

describe('createValueIndex', () => {
  const index = createValueIndex(demoValues);
  const best = (phrase: string): string | undefined => index.match(phrase)[0]?.value;

  it('matches case-insensitively with score 1', () => {
    expect(index.match('laptop')).toEqual([{ entity: 'products', field: 'category', value: 'Laptop', score: 1, tokenCount: 1 }]);
    expect(best('AUDIO')).toBe('Audio');
  });

  it('tolerates plural and singular forms', () => {
    expect(best('laptops')).toBe('Laptop');
    expect(best('cookbook')).toBe('Cookbooks');
    expect(best('accessory')).toBe('Accessories');
    expect(index.match('laptops')[0]?.score).toBeLessThan(1);
  });

  it('matches multi-word values, including ones with digits and punctuation', () => {
    expect(index.match('apple watch')[0]).toMatchObject({ value: 'Apple Watch', tokenCount: 2, score: 1 });
    expect(best('iphone 15 pro')).toBe('iPhone 15 Pro');
    expect(best('usb c charger')).toBe('USB-C Charger');
    expect(best('salt lake city')).toBe('Salt Lake City');
  });

  it('tolerates one typo from 5 letters and two from 9, never in short words', () => {
    expect(best('lapto')).toBe('Laptop');
    expect(best('apple wacth')).toBe('Apple Watch');
    expect(best('stationary')).toBe('Stationery');
    expect(best('philadelpia')).toBe('Philadelphia');
    expect(best('minnneapolis')).toBe('Minneapolis');
    expect(best('audi')).toBeUndefined(); // 4 letters: no typo allowed
    expect(best('bostn')).toBe('Boston');
    expect(best('gamingg')).toBe('Gaming');
    expect(best('xyzzy')).toBeUndefined();
    expect(index.match('lapto')[0]!.score).toBeLessThan(index.match('laptops')[0]!.score);
  });

  it('lists values per field and counts them', () => {
    expect(index.valuesOf('products', 'category')).toContain('Winter Sports');
    expect(index.valuesOf('nope', 'nothing')).toEqual([]);
    expect(index.size).toBe(demoValues.length);
    expect(index.maxTokens).toBe(3); // "Bose QuietComfort Earbuds"
  });

  it('returns every field that holds the same value', () => {
    const both = createValueIndex([
      { entity: 'products', field: 'category', value: 'Apple' },
      { entity: 'products', field: 'brand', value: 'apple' },
      { entity: 'products', field: 'brand', value: 'apple' },
    ]);
    expect(both.match('apple').map((m) => `${m.field}:${m.value}`)).toEqual(['category:Apple', 'brand:apple']);
    expect(both.size).toBe(2);
  });
});

describe('damerauLevenshtein', () => {
  it.each([
    ['laptop', 'laptop', 0],
    ['laptop', 'lapotp', 1],
    ['laptop', 'laptp', 1],
    ['laptop', 'laptops', 1],
    ['kitten', 'sitting', 3],
  ])('%s ~ %s = %d', (a, b, d) => expect(damerauLevenshtein(a, b)).toBe(d));
});
