/**
 * JSON numbers that JSON.parse turns into another value that is a whole number: `1.9999999999999999` and
 * `2.00000000000000001` both become the double 2, so `{"orgId": 1.9999999999999999}` scoped organisation
 * 2 although no such id was sent (issue 25, item 11). After parsing, the double cannot tell, so the raw
 * text is read first, like the nesting limit (json-depth.ts), and such a body is refused.
 *
 * Only literals that parse to a whole number within ±(2^53-1) are checked, and each must denote exactly
 * that integer (`2`, `2.0`, `2e0` and `20e-1` do). Other numbers keep JSON's usual meaning, the nearest
 * double: `0.1` cannot be exact, and a number beyond 2^53 is refused where a whole number is needed.
 * Hand-written for the same reason as json-depth.ts: no maintained package reads number literals from raw
 * bytes; on Node 20 JSON.parse's reviver does not see a number's source text.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
/** Characters a JSON number literal is made of: digits, "-", "+", ".", "e", "E". */
const isNumberChar = (c: number): boolean => isDigit(c) || c === MINUS || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;

/** What a caller is told about such a number. */
export const inexactNumberMessage = (literal: string): string =>
  `holds the number ${literal}, which JSON.parse would read as ${Number(literal)}; send the exact value (a context value may also be sent as text)`;

/** True when `literal` (valid JSON number text) denotes exactly the whole number `value`. */
function denotes(literal: string, value: number): boolean {
  const match = /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (match === null) return true; // not a number JSON.parse accepts: it refuses the body itself
  const fraction = match[2] ?? '';
  const digits = `${match[1]}${fraction}`.replace(/^0+/, '');
  if (digits === '') return value === 0;
  // literal = digits × 10^shift
  const shift = Number(match[3] ?? '0') - fraction.length;
  let whole: string;
  if (shift >= 0) {
    whole = digits + '0'.repeat(Math.min(shift, 400));
  } else {
    const cut = digits.length + shift;
    if (cut <= 0 || !/^0*$/.test(digits.slice(cut))) return false;
    whole = digits.slice(0, cut);
  }
  return whole === String(Math.abs(value));
}

/**
 * The first number literal of `json` (outside strings) that reads as a whole number it does not denote,
 * or undefined. One pass over the bytes (structural characters and digits are ASCII, and UTF-8 never uses
 * an ASCII byte inside a multi-byte character).
 */
export function inexactWholeNumber(json: Uint8Array | string): string | undefined {
  const text = typeof json === 'string';
  const at = (i: number): number => (text ? (json as string).charCodeAt(i) : (json as Uint8Array)[i]!);
  const length = json.length;
  let inString = false;
  for (let i = 0; i < length; i++) {
    const c = at(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) {
      inString = true;
      continue;
    }
    if (!isDigit(c) && c !== MINUS) continue;
    let end = i;
    while (end < length && isNumberChar(at(end))) end++;
    const literal = text ? (json as string).slice(i, end) : Buffer.from((json as Uint8Array).subarray(i, end)).toString('latin1');
    const value = Number(literal);
    if (Number.isSafeInteger(value) && !denotes(literal, value)) return literal;
    i = end - 1;
  }
  return undefined;
}
