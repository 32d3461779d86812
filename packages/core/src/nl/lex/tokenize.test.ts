import { wordsOf } from './stem';
import { foldText, normalizeKeepingCase, normalizeQuestion, tokenize } from './tokenize';

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

describe('negative contractions', () => {
  const words = (q: string) => tokenize(normalizeQuestion(q), normalizeKeepingCase(q)).map((t) => t.text);
  const expanded: Array<[string, string]> = [
    ['haven', 'have'], ['hasn', 'has'], ['hadn', 'had'], ['don', 'do'], ['doesn', 'does'], ['didn', 'did'], ['isn', 'is'], ['aren', 'are'],
    ['wasn', 'was'], ['weren', 'were'], ['won', 'will'], ['can', 'can'], ['shouldn', 'should'], ['couldn', 'could'], ['wouldn', 'would'],
  ];

  it.each(expanded)('reads "%st" as "%s not", with an apostrophe, a typographic one, or none', (stem, verb) => {
    for (const written of [`${stem}'t`, `${stem}’t`, `${stem}t`, `${stem.toUpperCase()}'T`]) {
      expect(words(`customers who ${written} ordered`)).toEqual(['customers', 'who', verb, 'not', 'ordered']);
    }
  });

  it('keeps each part over its own characters, and the verb as typed', () => {
    const question = "Customers who Haven’t ordered";
    const tokens = tokenize(normalizeQuestion(question), normalizeKeepingCase(question));
    expect(tokens.slice(2, 4).map((t) => ({ text: t.text, cased: t.cased, span: question.slice(t.from, t.to) }))).toEqual([
      { text: 'have', cased: 'Have', span: 'Have' },
      { text: 'not', cased: 'not', span: 'n’t' },
    ]);
    expect(words('products that cannot ship')).toEqual(['products', 'that', 'can', 'not', 'ship']);
  });

  it("leaves a quoted name as it was typed, and other apostrophes alone", () => {
    expect(words("orders for 'Don't Stop'")).toEqual(['orders', 'for', 'dont', 'stop']);
    expect(words("o'neil's orders")).toEqual(['oneil', 'orders']);
  });
});

describe('phrasal verbs read as the one verb they mean', () => {
  it('reads "came back" as "returned" over both words, and leaves "back" alone elsewhere', () => {
    const tokens = tokenize('which bookings came back damaged');
    expect(tokens.map((t) => t.text)).toEqual(['which', 'bookings', 'returned', 'damaged']);
    expect(tokens[2]).toMatchObject({ from: 15, to: 24 });
    expect(tokenize('the back office').map((t) => t.text)).toEqual(['the', 'back', 'office']);
  });
});
