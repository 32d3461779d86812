/**
 * The in-memory ValueIndex: case-insensitive, plural/singular tolerant and typo tolerant matching of
 * question phrases against the data's distinct values. Everything is precomputed at construction
 * (exact map, singular-form map, a symmetric-delete map for typos), so a lookup never scans all values.
 */
import type { IndexedValue, ValueIndex, ValueMatch } from '../../semantic/value-index';
import { stemWord, wordsOf } from './stem';
import { createTypoIndex } from './typo-index';

export interface InMemoryValueIndex extends ValueIndex {
  /** Longest value, in words: callers never need to try longer phrases. */
  readonly maxTokens: number;
}

const EXACT = 1;
const SINGULAR = 0.95;
const TYPO = 0.85;
const MAX_COMBINATIONS = 16;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** Typo look-ups one value index remembers at most. */
const REMEMBERED_CORRECTIONS = 20_000;

export function createValueIndex(values: readonly IndexedValue[]): InMemoryValueIndex {
  const byRaw = new Map<string, IndexedValue[]>();
  const byStem = new Map<string, IndexedValue[]>();
  const byField = new Map<string, string[]>();
  const vocabulary = new Set<string>();
  const seen = new Set<string>();
  let maxTokens = 1;

  for (const entry of values) {
    const words = wordsOf(entry.alias ?? entry.value);
    if (words.length === 0) continue;
    const identity = `${entry.entity}\u0000${entry.field}\u0000${entry.value}\u0000${entry.alias ?? ''}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    const value: IndexedValue = { entity: entry.entity, field: entry.field, value: entry.value };
    // An alias is another way in to a value, not another value of the field.
    if (entry.alias === undefined) push(byField, `${entry.entity}.${entry.field}`, entry.value);
    push(byRaw, words.join(' '), value);
    const stems = words.map(stemWord);
    push(byStem, stems.join(' '), value);
    maxTokens = Math.max(maxTokens, words.length);
    for (const stem of stems) vocabulary.add(stem);
  }
  const typos = createTypoIndex(vocabulary);

  // One question looks a word up once per window it starts or ends (up to maxTokens windows), and the next
  // question often repeats it: remembered per index, and forgotten all at once when full so a stream of
  // distinct words cannot grow it.
  const remembered = new Map<string, Array<{ word: string; distance: number }>>();

  /** Vocabulary words within the allowed typo distance of `word`, with their distance. */
  function corrections(word: string): Array<{ word: string; distance: number }> {
    const stem = stemWord(word);
    if (vocabulary.has(stem)) return [{ word: stem, distance: 0 }];
    const known = remembered.get(stem);
    if (known !== undefined) return known;
    if (remembered.size >= REMEMBERED_CORRECTIONS) remembered.clear();
    const found = typos.corrections(stem);
    remembered.set(stem, found);
    return found;
  }

  function toMatches(found: readonly IndexedValue[] | undefined, score: number, tokenCount: number): ValueMatch[] {
    return (found ?? []).map((v) => ({ ...v, score, tokenCount }));
  }

  function match(phrase: string): ValueMatch[] {
    const words = wordsOf(phrase);
    if (words.length === 0 || words.length > maxTokens) return [];
    const exact = toMatches(byRaw.get(words.join(' ')), EXACT, words.length);
    if (exact.length > 0) return exact;
    const singular = toMatches(byStem.get(words.map(stemWord).join(' ')), SINGULAR, words.length);
    if (singular.length > 0) return singular;

    let combos: Array<{ words: string[]; distance: number }> = [{ words: [], distance: 0 }];
    for (const word of words) {
      const options = corrections(word);
      if (options.length === 0) return [];
      const next: typeof combos = [];
      for (const combo of combos) {
        for (const option of options) {
          if (next.length >= MAX_COMBINATIONS) break;
          next.push({ words: [...combo.words, option.word], distance: combo.distance + option.distance });
        }
      }
      combos = next;
    }
    const out: ValueMatch[] = [];
    for (const combo of combos) {
      const score = Math.max(0.5, TYPO - 0.05 * (combo.distance - 1));
      out.push(...toMatches(byStem.get(combo.words.join(' ')), score, words.length));
    }
    return out.sort((a, b) => b.score - a.score);
  }

  return {
    maxTokens,
    size: seen.size,
    valuesOf: (entity, field) => byField.get(`${entity}.${field}`) ?? [],
    match,
  };
}
