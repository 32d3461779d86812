import { wordsOf } from './stem';
import { foldText, normalizeQuestion, tokenize } from './tokenize';

describe('reading Unicode', () => {
  it('folds compatibility forms and case, and removes invisible format characters', () => {
    expect(foldText('Ｌａｐｔｏｐ')).toBe('laptop');
    expect(foldText('or\u200Bders\u202E')).toBe('orders');
    expect(foldText('ß')).toBe('ß');
  });

  it('keeps every word of any script as a token, so an unknown one can be named', () => {
    expect(tokenize(normalizeQuestion('Revenue for 東京 and Straße')).map((t) => t.text)).toEqual(['revenue', 'for', '東京', 'and', 'straße']);
    expect(tokenize(normalizeQuestion('top ５ products')).map((t) => t.number)).toEqual([undefined, 5, undefined]);
  });

  it('reads a minus right before a numeral as its sign, and a dash between words or numbers as no sign', () => {
    const numbers = (q: string) => tokenize(normalizeQuestion(q)).flatMap((t) => (t.number === undefined ? [] : [t.number]));
    expect(numbers('elevation between -50 and 50')).toEqual([-50, 50]);
    expect(numbers('above (-3.5)')).toEqual([-3.5]);
    expect(numbers('seasons 2019-2020')).toEqual([2019, 2020]);
  });

  it('splits data values into the same words the tokenizer reads from a question', () => {
    for (const text of ['Crème Brûlée', 'Ｌａｐｔｏｐ Sleeve', "Chef's Knife", 'São Paulo']) {
      expect(wordsOf(text)).toEqual(tokenize(normalizeQuestion(text)).map((t) => t.text));
    }
  });
});
