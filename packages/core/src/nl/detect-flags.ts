/**
 * Yes/no columns used as words: "electric bikes", "trips on non-electric bikes", "bikes that are electric".
 * A flag (a boolean column, or an integer column holding only 0 and 1) named right before its own table's
 * noun, or after "is/are" following that noun, keeps the rows where it holds. Anywhere else the word stays
 * for the other detectors, which decline rather than group by it.
 */
import type { FieldRef } from '../plan/query-plan';
import type { Lexicon } from './lexicon';
import { type Reading, consume, entityEntries, fieldEntries } from './reading';

const NEGATION = /^(non|not|no|un)$/;
const LINKING = /^(is|are|was|were|be)$/;
const RELATIVE = /^(that|which|who)$/;

function flagOf(lexicon: Lexicon, refs: readonly FieldRef[]): FieldRef | undefined {
  const flags = refs.filter((ref) => {
    const field = lexicon.field(ref);
    return field.type === 'boolean' || field.flag === true;
  });
  return flags.length === 1 ? flags[0] : undefined;
}

const names = (reading: Reading, index: number, entity: string): boolean => {
  const chunk = reading.chunks[index];
  return chunk !== undefined && chunk.kind === 'lex' && entityEntries(chunk.entries).includes(entity);
};

export function detectFlags(reading: Reading): void {
  const { chunks, lexicon } = reading;
  chunks.forEach((chunk, i) => {
    if (reading.used[i] || chunk.kind !== 'lex') return;
    const flag = flagOf(lexicon, fieldEntries(chunk.entries));
    if (flag === undefined) return;
    // "electric bikes" (adjective before the noun), or "bikes that are electric" / "bikes are electric".
    const negated = NEGATION.test(chunks[i - 1]?.text ?? '') ? i - 1 : undefined;
    const k = negated ?? i; // the linking verb comes before the negation: "bikes that are not electric"
    const before = names(reading, i + 1, flag.entity);
    const linked = LINKING.test(chunks[k - 1]?.text ?? '') && (names(reading, k - 2, flag.entity) || (RELATIVE.test(chunks[k - 2]?.text ?? '') && names(reading, k - 3, flag.entity)));
    if (!before && !linked) return;
    const holds = negated === undefined;
    reading.filters.push({ kind: 'compare', op: 'eq', value: holds ? 1 : 0, money: false, fields: [flag], text: chunk.text });
    consume(reading, negated === undefined ? [i] : [negated, i]);
  });
}
