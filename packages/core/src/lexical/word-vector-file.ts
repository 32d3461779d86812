/**
 * The committed word-vector file (packages/core/data/word-vectors.bin), written by
 * scripts/vectors/distil-word-vectors.ts and read by word-vectors.ts:
 *
 *   line 1   a JSON header: where the vectors came from (package, version, shasum), how they were chosen
 *   line 2   the words, space-separated, in the source's order (most frequent first)
 *   then     one little-endian float32 scale per word, then `dimensions` signed bytes per word
 *
 * A component is `code * scale` (int8 with a per-vector scale: a quarter of float32's size, and a cosine
 * within about 0.01 of the original's). Binary rather than JSON: the same words and vectors as JSON text
 * would be four times the size in the repository and take longer to parse at start-up.
 */

export interface WordVectorHeader {
  format: 'askdata-word-vectors/1';
  /** The npm package the vectors were distilled from, exactly as fetched. */
  source: { package: string; version: string; shasum: string; integrity: string; licence: string; upstream: string };
  dimensions: number;
  count: number;
  /** How the words were chosen (for the docs and whoever rebuilds the file). */
  selection: string;
  builtBy: string;
}

export interface WordVectorTable {
  header: WordVectorHeader;
  words: string[];
  scales: Float32Array;
  codes: Int8Array;
}

/** int8 codes and the scale that restores them (the largest component maps to ±127). */
export function quantise(vector: ArrayLike<number>): { scale: number; codes: Int8Array } {
  let largest = 0;
  for (let i = 0; i < vector.length; i++) largest = Math.max(largest, Math.abs(vector[i]!));
  const scale = largest === 0 ? 1 : largest / 127;
  const codes = new Int8Array(vector.length);
  for (let i = 0; i < vector.length; i++) codes[i] = Math.round(vector[i]! / scale);
  return { scale, codes };
}

export function encodeWordVectors(table: WordVectorTable): Buffer {
  const { header, words, scales, codes } = table;
  if (words.length !== header.count || scales.length !== header.count || codes.length !== header.count * header.dimensions) throw new Error('word-vector table: sizes disagree with the header');
  if (words.some((word) => /\s/.test(word) || word.length === 0)) throw new Error('word-vector table: a word is empty or holds white space');
  const text = Buffer.from(`${JSON.stringify(header)}\n${words.join(' ')}\n`, 'utf8');
  const scaleBytes = Buffer.alloc(scales.length * 4);
  scales.forEach((scale, i) => scaleBytes.writeFloatLE(scale, i * 4));
  return Buffer.concat([text, scaleBytes, Buffer.from(codes.buffer, codes.byteOffset, codes.byteLength)]);
}

export function decodeWordVectors(bytes: Buffer): WordVectorTable {
  const headerEnd = bytes.indexOf(10);
  const wordsEnd = bytes.indexOf(10, headerEnd + 1);
  if (headerEnd < 0 || wordsEnd < 0) throw new Error('word-vector file: no header');
  const header = JSON.parse(bytes.subarray(0, headerEnd).toString('utf8')) as WordVectorHeader;
  if (header.format !== 'askdata-word-vectors/1') throw new Error(`word-vector file: unknown format ${String(header.format)}`);
  const words = bytes.subarray(headerEnd + 1, wordsEnd).toString('utf8').split(' ');
  const scalesAt = wordsEnd + 1;
  const codesAt = scalesAt + header.count * 4;
  if (words.length !== header.count || bytes.length !== codesAt + header.count * header.dimensions) throw new Error('word-vector file: truncated or sizes disagree with the header');
  const scales = new Float32Array(header.count);
  for (let i = 0; i < header.count; i++) scales[i] = bytes.readFloatLE(scalesAt + i * 4);
  // A view of the file's own bytes, not a copy: an Int8Array needs no alignment, and a copy would hold the
  // 4 MB of codes twice until the file's buffer was collected.
  const codes = new Int8Array(bytes.buffer, bytes.byteOffset + codesAt, header.count * header.dimensions);
  return { header, words, scales, codes };
}
