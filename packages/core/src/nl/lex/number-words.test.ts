import { parseNumeral, readNumberWords } from './number-words';
import { tokenize } from './tokenize';

describe('number words', () => {
  it.each([
    ['five', 5],
    ['twenty five', 25],
    ['a hundred', 100],
    ['one hundred and twenty', 120],
    ['three thousand', 3000],
    ['a dozen', 12],
    ['ninety nine', 99],
  ])('%s = %d', (text, value) => {
    expect(readNumberWords(text.split(' '), 0)).toEqual({ value, length: text.split(' ').length });
  });

  it('stops at the first word that is not part of the number', () => {
    expect(readNumberWords(['ten', 'products'], 0)).toEqual({ value: 10, length: 1 });
    expect(readNumberWords(['five', 'six'], 0)).toEqual({ value: 5, length: 1 });
    expect(readNumberWords(['products'], 0)).toBeUndefined();
  });

  it.each([
    ['500', 500],
    ['1,200', 1200],
    ['1,200.50', 1200.5],
    ['3.5', 3.5],
    ['10k', 10000],
    ['2.5m', 2500000],
  ])('numeral %s = %d', (text, value) => expect(parseNumeral(text)).toBe(value));

  it('turns spelled numbers into numeric tokens', () => {
    const tokens = tokenize('top twenty five customers over $1,000');
    expect(tokens.map((t) => [t.text, t.number])).toEqual([
      ['top', undefined],
      ['twenty five', 25],
      ['customers', undefined],
      ['over', undefined],
      ['$', undefined],
      ['1,000', 1000],
    ]);
  });
});
