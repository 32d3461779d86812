/**
 * The figures and names a text answer states. A text answer is right when every gold value is stated in
 * it: numbers as the message writes them ("1,284", "$1,234.50", "4.21", "15.3%", or compact "$2.1M",
 * compared at the precision shown), names as words of the message. Numbers the question itself contains
 * ("over $500", "in 2025") are echoed by the message, so they count only when the message states them
 * more often than the question does.
 */
import { roundTo2, type Cell } from './normalise-cell';

const NUMBER_IN_TEXT = /(?<![\w.])-?[$€£]?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*([KMBT](?![a-z]))?%?/g;
const SCALE: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

interface StatedNumber {
  value: number;
  /** Half a unit of the last digit shown: "2.1M" states anything in [2.05M, 2.15M). */
  tolerance: number;
}

export function statedNumbers(text: string): StatedNumber[] {
  const found: StatedNumber[] = [];
  for (const match of text.matchAll(NUMBER_IN_TEXT)) {
    const [raw, whole, fraction, scaleLetter] = match;
    const negative = raw.startsWith('-');
    const scale = scaleLetter === undefined ? 1 : (SCALE[scaleLetter] ?? 1);
    const digits = fraction === undefined ? 0 : fraction.length - 1;
    const value = Number(`${(whole ?? '').replace(/,/g, '')}${fraction ?? ''}`) * scale * (negative ? -1 : 1);
    const tolerance = scale === 1 && digits >= 2 ? 0.005 : (0.5 * scale) / 10 ** digits;
    found.push({ value, tolerance: Math.max(tolerance, 0.005) });
  }
  return found;
}

function countStating(numbers: readonly StatedNumber[], value: number): number {
  return numbers.filter((n) => Math.abs(n.value - value) <= n.tolerance + 1e-9).length;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function statesName(message: string, name: string): boolean {
  if (name.length === 0) return true;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escape(name)}($|[^\\p{L}\\p{N}])`, 'iu').test(message);
}

/** Whether every gold cell is stated by the message (and not just echoed from the question). */
export function messageStates(message: string, question: string, gold: readonly (readonly Cell[])[]): { match: boolean; reason: string } {
  const inMessage = statedNumbers(message);
  const inQuestion = statedNumbers(question);
  for (const row of gold) {
    for (const cell of row) {
      if (cell === null) continue;
      if (typeof cell === 'number') {
        const rounded = roundTo2(cell);
        if (rounded === 0 && /\b(no|none|zero|nothing)\b/i.test(message)) continue; // "There were no orders ..."
        if (countStating(inMessage, rounded) <= countStating(inQuestion, rounded)) return { match: false, reason: `the message does not state ${cell}` };
      } else if (!statesName(message, cell)) {
        return { match: false, reason: `the message does not name "${cell}"` };
      }
    }
  }
  return { match: true, reason: 'the message states every gold value' };
}
