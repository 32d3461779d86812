/**
 * Typo correction over a fixed vocabulary (the lexicon's one-word phrases, a value index's word stems), by
 * symmetric deletes: every word of the vocabulary is indexed under the strings made by deleting up to the
 * typos its length allows, once, at construction; a lookup deletes from the asked word, gathers the words
 * filed under those strings and keeps those within the allowed optimal-string-alignment distance.
 *
 * Our own code rather than a library's: mnemonist's SymSpell measures unrestricted Damerau distance with one
 * maximum for all lengths, and fastest-levenshtein counts a transposition ("reveneu") as two edits, so both
 * would change which typos are corrected; the index is the twenty lines below.
 */
import { allowedTypos, damerauLevenshtein, deletions } from './edit-distance';

/**
 * The longest vocabulary word filed for typos; longer ones match exactly only. The deletions of a word
 * number about the square of its length, each about as long as the word: a 1,000-letter word in a question
 * made 500,000 strings of 1,000 letters, seconds of work on the event loop. No real word is this long.
 */
export const MAX_TYPO_WORD_LENGTH = 32;
/** Lookups remembered (a question asks for the same word once per phrase it could start); emptied when full. */
const REMEMBERED = 4096;

export interface TypoCorrection {
  word: string;
  distance: number;
}

/** What the index has cost so far (read by tests that bound the work): strings filed, probed, distances computed. */
export interface TypoWork {
  indexed: number;
  probes: number;
  distances: number;
}

export interface TypoIndex {
  /** Vocabulary words within the typos allowed for both lengths, nearest first (ties in index order). */
  corrections(word: string): TypoCorrection[];
  readonly work: TypoWork;
}

export function createTypoIndex(vocabulary: Iterable<string>): TypoIndex {
  const byDeletion = new Map<string, Set<string>>();
  const work: TypoWork = { indexed: 0, probes: 0, distances: 0 };
  let longest = 0;
  for (const word of vocabulary) {
    const n = allowedTypos(word.length);
    if (n === 0 || word.length > MAX_TYPO_WORD_LENGTH) continue;
    longest = Math.max(longest, word.length);
    for (const d of deletions(word, n)) {
      work.indexed++;
      let set = byDeletion.get(d);
      if (set === undefined) byDeletion.set(d, (set = new Set()));
      set.add(word);
    }
  }

  const remembered = new Map<string, TypoCorrection[]>();

  function corrections(word: string): TypoCorrection[] {
    const n = allowedTypos(word.length);
    // A word longer than every filed word by more than the typos it is allowed is no typo of any of them
    // (the distance is at least the difference in length): at most MAX_TYPO_WORD_LENGTH + 2 letters are
    // probed, or remembered.
    if (n === 0 || word.length > longest + n || /\d/.test(word)) return [];
    const known = remembered.get(word);
    if (known !== undefined) return known.map((c) => ({ ...c }));
    const found = lookUp(word, n);
    if (remembered.size >= REMEMBERED) remembered.clear();
    remembered.set(word, found);
    return found.map((c) => ({ ...c }));
  }

  function lookUp(word: string, n: number): TypoCorrection[] {
    const candidates = new Set<string>();
    for (const d of deletions(word, n)) {
      work.probes++;
      for (const c of byDeletion.get(d) ?? []) candidates.add(c);
    }
    const out: TypoCorrection[] = [];
    for (const candidate of candidates) {
      work.distances++;
      const distance = damerauLevenshtein(word, candidate, n);
      if (distance <= n && distance <= allowedTypos(candidate.length)) out.push({ word: candidate, distance });
    }
    return out.sort((a, b) => a.distance - b.distance);
  }

  return { corrections, work };
}
