/**
 * Number words and numerals: "five" -> 5, "twenty five" -> 25, "a hundred" -> 100, "1,200.50" -> 1200.5,
 * "10k" -> 10000, "2.5m" -> 2500000.
 */
import { lookupTable } from '../../semantic/name-record';

const UNITS = lookupTable<number>({
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19, dozen: 12,
});
const TENS = lookupTable<number>({ twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 });
const SCALES = lookupTable<number>({ hundred: 100, thousand: 1000, million: 1_000_000, billion: 1_000_000_000 });

export function isNumberWord(word: string): boolean {
  return word in UNITS || word in TENS || word in SCALES;
}

/** A numeral token ("1,200", "3.5", "10k"), or undefined. */
export function parseNumeral(token: string): number | undefined {
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(k|m|bn)?$/.exec(token);
  if (m === null) return undefined;
  const base = Number(`${m[1]!.replace(/,/g, '')}${m[2] === undefined ? '' : `.${m[2]}`}`);
  const scale = m[3] === 'k' ? 1000 : m[3] === 'm' ? 1_000_000 : m[3] === 'bn' ? 1_000_000_000 : 1;
  return base * scale;
}

/**
 * Reads a number spelled in words starting at `words[start]` ("twenty five", "a hundred", "three
 * thousand"). Returns the value and how many words it used, or undefined.
 */
export function readNumberWords(words: readonly string[], start: number): { value: number; length: number } | undefined {
  let total = 0;
  let current = 0;
  let i = start;
  let used = false;
  if (words[i] === 'a' && words[i + 1] !== undefined && (words[i + 1]! in SCALES || words[i + 1] === 'dozen')) {
    current = 1;
    i++;
  }
  for (; i < words.length; i++) {
    const w = words[i]!;
    if (w in UNITS) {
      if (used && current % 10 !== 0 && w !== 'dozen') break;
      current = w === 'dozen' && current > 0 ? current * 12 : current + UNITS[w]!;
    } else if (w in TENS) {
      if (used && current % 100 !== 0) break;
      current += TENS[w]!;
    } else if (w in SCALES) {
      const scale = SCALES[w]!;
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
    } else if (w === 'and' && used && words[i + 1] !== undefined && (words[i + 1]! in UNITS || words[i + 1]! in TENS)) {
      continue;
    } else break;
    used = true;
  }
  if (!used) return undefined;
  return { value: total + current, length: i - start };
}
