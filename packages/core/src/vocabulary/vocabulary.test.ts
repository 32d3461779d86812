/**
 * Every word family of the vocabulary held to the same rules: non-empty, written as the reader compares it
 * (lower case, single spaces, no padding), no word twice in a family, and no word in two families that
 * say opposite things of it.
 */
import * as vocabulary from './index';
import { wordList, words } from './word-family';

/** Every exported family of words, by name: sets, lists, the keyword phrase families and the synonym lists. */
function families(): Array<[string, readonly string[]]> {
  const found: Array<[string, readonly string[]]> = [];
  for (const [name, value] of Object.entries(vocabulary)) {
    if (value instanceof Set) found.push([name, [...(value as ReadonlySet<string>)]]);
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) found.push([name, value as string[]]);
  }
  for (const [family, phrases] of Object.entries(vocabulary.KEYWORD_PHRASES)) found.push([`KEYWORD_PHRASES.${family}`, phrases]);
  for (const [noun, synonyms] of vocabulary.EVERYDAY_SYNONYMS) found.push([`EVERYDAY_SYNONYMS.${noun}`, synonyms]);
  for (const [verb, nouns] of vocabulary.FACT_VERB_NOUNS) found.push([`FACT_VERB_NOUNS.${verb}`, nouns]);
  found.push(['FACT_VERB_NOUNS (verbs)', vocabulary.FACT_VERB_NOUNS.map(([verb]) => verb)]);
  found.push(['EVERYDAY_SYNONYMS (nouns)', vocabulary.EVERYDAY_SYNONYMS.map(([noun]) => noun)]);
  found.push(['NEGATIVE_CONTRACTION_VERBS (contractions)', vocabulary.NEGATIVE_CONTRACTION_VERBS.map(([contraction]) => contraction)]);
  found.push(['CHAT_SPELLINGS (spellings)', vocabulary.CHAT_SPELLINGS.map(([spelling]) => spelling)]);
  found.push(['IRREGULAR_FORMS (forms)', Object.keys(vocabulary.IRREGULAR_FORMS)], ['IRREGULAR_FORMS (keys)', [...new Set(Object.values(vocabulary.IRREGULAR_FORMS))]]);
  return found;
}

const overlap = (a: Iterable<string>, b: Iterable<string>): string[] => {
  const other = new Set(b);
  return [...a].filter((word) => other.has(word));
};

describe('the vocabulary', () => {
  const all = families();

  it('finds the families it holds to these rules', () => {
    expect(all.length).toBeGreaterThan(60);
  });

  it.each(all)('%s is non-empty, lower case, and lists no word twice', (_name, list) => {
    expect(list.length).toBeGreaterThan(0);
    expect(list.filter((word) => word !== word.toLowerCase() || word !== word.trim() || word.includes('  ') || word === '')).toEqual([]);
    expect(list.filter((word, i) => list.indexOf(word) !== i)).toEqual([]);
  });

  it('gives no keyword phrase two families (each family is one meaning)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [family, phrases] of Object.entries(vocabulary.KEYWORD_PHRASES)) {
      for (const phrase of phrases) {
        const earlier = seen.get(phrase);
        if (earlier !== undefined) twice.push(`"${phrase}": ${earlier} and ${family}`);
        seen.set(phrase, family);
      }
    }
    expect(twice).toEqual([]);
  });

  it('never calls a verb both a change of what a row says and a mere link, a coming to be or a sale', () => {
    const { CHANGING_VERBS, LINKING_VERBS, COMING_TO_BE_VERBS, SELLING_VERBS } = vocabulary;
    expect({ linking: overlap(CHANGING_VERBS, LINKING_VERBS), comingToBe: overlap(CHANGING_VERBS, COMING_TO_BE_VERBS), selling: overlap(CHANGING_VERBS, SELLING_VERBS) }).toEqual({ linking: [], comingToBe: [], selling: [] });
  });

  it('never names one word both ends of a journey, nor one column both money and a quantity', () => {
    expect(overlap(vocabulary.SOURCE_NAME_WORDS, vocabulary.DESTINATION_NAME_WORDS)).toEqual([]);
    expect(overlap(vocabulary.WHOLE_MONEY_WORDS, vocabulary.QUANTITY_WORDS)).toEqual([]);
  });

  it('keeps "to be", "have" and "do" apart, and an ascending order word from a descending one', () => {
    const { BE_FORMS, HAVE_FORMS, DO_FORMS, KEYWORD_PHRASES } = vocabulary;
    expect([...overlap(BE_FORMS, HAVE_FORMS), ...overlap(BE_FORMS, DO_FORMS), ...overlap(HAVE_FORMS, DO_FORMS)]).toEqual([]);
    expect(overlap(KEYWORD_PHRASES.ascending, KEYWORD_PHRASES.descending)).toEqual([]);
  });

  it('lists each noun once among the everyday synonyms, and never as its own synonym', () => {
    const nouns = vocabulary.EVERYDAY_SYNONYMS.map(([noun]) => noun);
    expect(nouns.filter((noun, i) => nouns.indexOf(noun) !== i)).toEqual([]);
    expect(vocabulary.EVERYDAY_SYNONYMS.filter(([noun, synonyms]) => synonyms.includes(noun))).toEqual([]);
  });

  it('refuses, when it loads, a family that lists a word twice', () => {
    expect(() => words('and', 'or', 'and')).toThrow('A word family lists "and" twice');
    expect(() => wordList('info', 'information', 'info')).toThrow('A word family lists "info" twice');
  });
});
