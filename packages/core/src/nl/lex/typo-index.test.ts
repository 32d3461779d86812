import { demoModel, demoValues } from '../../../test/support/demo-model';
import { buildLexicon } from './lexicon';
import { stemWord, wordsOf } from './stem';
import { createTypoIndex } from './typo-index';
import { createValueIndex } from './value-index';

/** A random lower-case word, the same one every run. */
function randomWord(length: number, seed = 7): string {
  let state = seed;
  let word = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    word += String.fromCharCode(97 + (state % 26));
  }
  return word;
}

/** The demo's vocabulary as the planner corrects against it: one-word model phrases and value stems. */
function demoVocabulary(): string[] {
  const lexicon = buildLexicon(demoModel());
  const modelWords = [...lexicon.phrases.keys()].filter((key) => !key.includes(' '));
  const valueWords = demoValues.flatMap((v) => wordsOf(v.value).map(stemWord));
  return [...new Set([...modelWords, ...valueWords])];
}

describe('createTypoIndex', () => {
  const vocabulary = demoVocabulary();

  it('corrects one typo from 5 letters and two from 9, nearest first', () => {
    const index = createTypoIndex(vocabulary);
    expect(index.corrections('reveneu')[0]).toEqual({ word: 'revenue', distance: 1 });
    expect(index.corrections('philadelpia')[0]).toEqual({ word: 'philadelphia', distance: 1 });
    expect(index.corrections('minnneapolis')[0]).toEqual({ word: 'minneapolis', distance: 1 });
    expect(index.corrections('audi')).toEqual([]);
  });

  // Issue 25, item 1: a 1,000-letter word made 500,000 deletions of ~1,000 letters each (seconds of blocking
  // work per request). The work of one lookup is bounded by a constant, whatever the word's length.
  it.each([40, 100, 500, 1000])('does bounded work for a random %i-letter word', (length) => {
    const index = createTypoIndex(vocabulary);
    expect(index.corrections(randomWord(length))).toEqual([]);
    expect(index.work.probes).toBeLessThanOrEqual(600);
    expect(index.work.distances).toBeLessThanOrEqual(vocabulary.length);
  });

  it('remembers a lookup, so asking again costs nothing, and gives the same answer', () => {
    const index = createTypoIndex(vocabulary);
    const first = index.corrections('reveneu');
    const probes = index.work.probes;
    expect(index.corrections('reveneu')).toEqual(first);
    expect(index.work.probes).toBe(probes);
  });

  it('does bounded work for the longest word it still corrects', () => {
    const index = createTypoIndex(['abcdefghijklmnopqrstuvwxyzabcdef']);
    expect(index.corrections('abcdefghijklmnopqrstuvwxyzabcdeff')).toEqual([{ word: 'abcdefghijklmnopqrstuvwxyzabcdef', distance: 1 }]);
    expect(index.work.probes).toBeLessThanOrEqual(600);
  });

  it('files a very long vocabulary word for exact matches only, at bounded cost', () => {
    const long = randomWord(300, 11);
    expect(createTypoIndex([long]).work.indexed).toBeLessThanOrEqual(600);
    const index = createValueIndex([{ entity: 'products', field: 'title', value: long }]);
    expect(index.match(long)[0]?.value).toBe(long);
    expect(index.match(`${long}x`)).toEqual([]);
  });
});

describe('typo correction through the lexicon and the value index', () => {
  it('finds nothing for a 1,000-letter word', () => {
    const word = randomWord(1000);
    expect(buildLexicon(demoModel()).correct(word)).toBeUndefined();
    expect(createValueIndex(demoValues).match(word)).toEqual([]);
  });
});
