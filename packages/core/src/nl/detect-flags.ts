/**
 * Yes/no columns used as words: "electric bikes", "trips on non-electric bikes", "bikes that are electric".
 * A flag (a boolean column, or an integer column holding only 0 and 1) named right before or after its own
 * table's noun, or after "is/are" linking it to that noun (the question's one subject), keeps the rows where
 * it holds. Anywhere else the word stays for the other detectors, which decline rather than group by it.
 */
import type { FieldRef } from '../plan/query-plan';
import type { Lexicon } from './lex/lexicon';
import { type Reading, consume, entityEntries, fieldEntries } from './reading';

const NEGATION = /^(non|not|no|un)$/;
const LINKING = /^(is|are|was|were|be)$/;
const RELATIVE = /^(that|which|who)$/;
const ADVERBS = /^(still|currently|now|presently|already)$/;

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
    let k = negated ?? i; // the linking verb comes before the negation: "bikes that are not electric"
    // "bikes that are still in service", "members who are currently active": an adverb of time changes nothing.
    const adverbs: number[] = [];
    while (ADVERBS.test(chunks[k - 1]?.text ?? '')) adverbs.push(--k);
    const before = names(reading, i + 1, flag.entity);
    const linked = LINKING.test(chunks[k - 1]?.text ?? '') && (names(reading, k - 2, flag.entity) || (RELATIVE.test(chunks[k - 2]?.text ?? '') && names(reading, k - 3, flag.entity)));
    // "Which bikes bought before 2019 are in service?": the verb links the flag to the question's one subject,
    // however far back it was named; "bikes in service": right after its own table's noun.
    const subjects = new Set(chunks.slice(0, k).flatMap((c) => (c.kind === 'lex' ? entityEntries(c.entries) : [])));
    const linkedToSubject = LINKING.test(chunks[k - 1]?.text ?? '') && subjects.size === 1 && subjects.has(flag.entity);
    // "bikes in service" read as one phrase (the table's noun qualifying its field) is the same as two words.
    const entity = lexicon.entity(flag.entity);
    const qualified = [entity.label, entity.plural].some((noun) => chunk.text.startsWith(`${noun.toLowerCase()} `));
    const after = negated === undefined && adverbs.length === 0 && (names(reading, i - 1, flag.entity) || qualified);
    if (!before && !linked && !linkedToSubject && !after) return;
    const holds = negated === undefined;
    reading.filters.push({ kind: 'compare', op: 'eq', value: holds ? 1 : 0, money: false, fields: [flag], text: chunk.text });
    if (qualified && chunk.kind === 'lex') reading.subjects.push({ kind: 'entity', entity: flag.entity, plural: chunk.plural });
    consume(reading, [...adverbs, ...(negated === undefined ? [] : [negated]), i]);
  });
}
