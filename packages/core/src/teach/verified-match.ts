/**
 * Filling a verified question's slots from another question. Word for word (a pattern: the same words,
 * other values where the slots are), or anywhere in it (for a paraphrase). A text value counts only when
 * the caller's own value index reads those words as a value of the slot's field, with the bar the planner
 * sets before it takes a phrase for a value (value-reading.ts): a slot never confirms another tenant's
 * value, and with no value index nothing is confirmed. A number fills a numeric slot (a whole number an
 * integer one).
 */
import type { Scalar } from '../plan/query-plan';
import type { ValueIndex } from '../semantic/value-index';
import { VALUE_READING_SCORE } from './value-reading';
import type { Slot, VerifiedPattern } from './verified-slots';

/** The most words one text value may take in a question. */
export const MAX_SLOT_WORDS = 6;

export interface SlotFill {
  /** The words of the question in the slot. */
  words: string;
  value: Scalar;
  /** Where in the question (word positions), for paraphrases. */
  from: number;
  to: number;
}

/** The value `words` give the slot, or undefined. */
export function slotValue(slot: Slot, words: readonly string[], values: ValueIndex | undefined): Scalar | undefined {
  if (slot.kind === 'number') {
    if (words.length !== 1 || !/^\d+$/.test(words[0]!)) return undefined;
    const value = Number(words[0]);
    return Number.isSafeInteger(value) ? value : undefined;
  }
  if (values === undefined || words.length === 0) return undefined;
  const match = values
    .match(words.join(' '))
    .find((m) => m.entity === slot.field.entity && m.field === slot.field.field && m.score >= VALUE_READING_SCORE && m.tokenCount === words.length);
  return match?.value;
}

/** The slots' values when `words` are the pattern's words with values in its slots, else undefined. */
export function matchPattern(pattern: VerifiedPattern, words: readonly string[], values: ValueIndex | undefined): SlotFill[] | undefined {
  const { parts, slots } = pattern;
  const walk = (part: number, at: number, fills: SlotFill[]): SlotFill[] | undefined => {
    const current = parts[part];
    if (current === undefined) return at === words.length ? fills : undefined;
    if ('word' in current) return words[at] === current.word ? walk(part + 1, at + 1, fills) : undefined;
    const slot = slots[current.slot]!;
    const longest = slot.kind === 'number' ? 1 : MAX_SLOT_WORDS;
    for (let length = 1; length <= longest && at + length <= words.length; length++) {
      const span = words.slice(at, at + length);
      const value = slotValue(slot, span, values);
      if (value === undefined) continue;
      const done = walk(part + 1, at + length, [...fills, { words: span.join(' '), value, from: at, to: at + length }]);
      if (done) return done;
    }
    return undefined;
  };
  return pattern.slots.length === 0 ? undefined : walk(0, 0, []);
}

/**
 * For a paraphrase: each slot's value found anywhere in the question, left to right, each span used once
 * (the first slot takes the first value of its field, and so on). Undefined when a slot finds none.
 */
export function findSlotValues(slots: readonly Slot[], words: readonly string[], values: ValueIndex | undefined): SlotFill[] | undefined {
  const used = new Set<number>();
  const fills: SlotFill[] = [];
  let after = 0;
  for (const slot of slots) {
    let found: SlotFill | undefined;
    for (let from = 0; from < words.length && found === undefined; from++) {
      // Slots keep their order when they are of one field ("between 5 and 10"); otherwise any position.
      if (fills.length > 0 && slots[fills.length - 1]?.field.field === slot.field.field && from < after) continue;
      for (let length = Math.min(slot.kind === 'number' ? 1 : MAX_SLOT_WORDS, words.length - from); length >= 1; length--) {
        if ([...Array(length).keys()].some((k) => used.has(from + k))) continue;
        const value = slotValue(slot, words.slice(from, from + length), values);
        if (value === undefined) continue;
        found = { words: words.slice(from, from + length).join(' '), value, from, to: from + length };
        break;
      }
    }
    if (found === undefined) return undefined;
    for (let k = found.from; k < found.to; k++) used.add(k);
    after = found.to;
    fills.push(found);
  }
  return fills;
}
