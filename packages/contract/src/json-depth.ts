/**
 * How deep JSON text nests, read from the raw bytes before any object is built. A 4.8 KB body holding an
 * array nested 2,200 deep parsed fine, then overflowed the stack wherever it was walked recursively (JSON
 * normalisation for the store, logging), after the answer had been computed; on the legacy app twenty
 * such bodies stalled /healthz. So bodies are refused with a 400 before JSON.parse runs.
 *
 * Hand-written rather than a library: no maintained package does a depth pre-scan on raw bytes, and the
 * scan is a dozen lines. It is one pass, allocates nothing and stops as soon as the limit is passed. Bytes
 * are read as bytes: every structural character is ASCII, and UTF-8 never uses an ASCII byte inside a
 * multi-byte character, so no decoding is needed. Brackets inside strings do not count (escapes honoured).
 */

/** Objects and arrays inside one another that a request body may hold: ours need 3 (body, context, a value). */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/** True when `json` nests objects/arrays deeper than `maxDepth` (the top-level value is depth 1). */
export function exceedsJsonDepth(json: Uint8Array | string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  const text = typeof json === 'string';
  const length = json.length;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < length; i++) {
    const c = text ? (json as string).charCodeAt(i) : (json as Uint8Array)[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}
