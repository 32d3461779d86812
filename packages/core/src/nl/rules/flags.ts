/**
 * Yes/no columns used as words: "electric bikes", "trips on non-electric bikes", "bikes that are electric",
 * "Which bikes bought before 2019 are still in service?". A flag (a boolean column, or an integer column
 * holding only 0 and 1) named right before or after its own table's noun, or linked by a form of "to be"
 * to that noun (the question's one subject), keeps the rows where it holds. Anywhere else the word stays
 * for the other rules, which decline rather than group by it.
 */
import type { FieldRef } from '../../plan/query-plan';
import { entityEntries, fieldEntries } from '../lex/chunk-queries';
import { BE_FINITE, NEGATION_PREFIXES, RELATIVES, TIME_ADVERBS, isIn } from '../../vocabulary/grammar-words';
import type { Lexicon } from '../lex/lexicon';
import type { Interpretation } from '../kernel/interpretation';
import type { Contribution } from '../kernel/candidate';
import { defineRule } from './define-rule';

/** The forms of "to be" that link a flag to its noun ("bikes that are electric", "must be active"). */
const isLinking = (word: string | undefined): boolean => isIn(BE_FINITE, word) || word === 'be';

function flagOf(lexicon: Lexicon, refs: readonly FieldRef[]): FieldRef | undefined {
  const flags = refs.filter((ref) => {
    const field = lexicon.field(ref);
    return field.type === 'boolean' || field.flag === true;
  });
  return flags.length === 1 ? flags[0] : undefined;
}

const names = (at: Interpretation, index: number, entity: string): boolean => {
  const chunk = at.chunks[index];
  return chunk !== undefined && chunk.kind === 'lex' && entityEntries(chunk.entries).includes(entity);
};

export const yesNoFlag = defineRule({
  name: 'flag.yes-no-column',
  description: 'A yes/no column named as an adjective of its own table\'s noun ("electric bikes", "bikes that are not electric") keeps the rows where it holds (or not).',
  examples: [{ schema: 'shop', question: 'How many discontinued products are there?', expect: 'aggregate products: product_count where products.discontinued eq 1' }, { schema: 'music', question: 'How many singers are male?', expect: 'aggregate singer: singer_count where singer.is_male eq 1' }],
  counterExamples: [{ schema: 'shop', question: 'Show products by discontinued', expect: 'aggregate products: product_count by products.discontinued' }],
  startsFrom: ['chunk:lex'],
  read(draft) {
    const at = draft.state;
    const { chunks, lexicon } = at;
    chunks.forEach((chunk, i) => {
      if (draft.used(i) || chunk.kind !== 'lex') return;
      const flag = flagOf(lexicon, fieldEntries(chunk.entries));
      if (flag === undefined) return;
      const negated = isIn(NEGATION_PREFIXES, chunks[i - 1]?.text) ? i - 1 : undefined;
      let k = negated ?? i; // the linking verb comes before the negation: "bikes that are not electric"
      // "bikes that are still in service", "members who are currently active": an adverb of time changes nothing.
      const adverbs: number[] = [];
      while (isIn(TIME_ADVERBS, chunks[k - 1]?.text)) adverbs.push(--k);
      const before = names(at, i + 1, flag.entity);
      const linked = isLinking(chunks[k - 1]?.text) && (names(at, k - 2, flag.entity) || (isIn(RELATIVES, chunks[k - 2]?.text) && names(at, k - 3, flag.entity)));
      // "Which bikes bought before 2019 are in service?": the verb links the flag to the question's one subject,
      // however far back it was named; "bikes in service": right after its own table's noun.
      const subjects = new Set(chunks.slice(0, k).flatMap((c) => (c.kind === 'lex' ? entityEntries(c.entries) : [])));
      const linkedToSubject = isLinking(chunks[k - 1]?.text) && subjects.size === 1 && subjects.has(flag.entity);
      // "bikes in service" read as one phrase (the table's noun qualifying its field) is the same as two words.
      const entity = lexicon.entity(flag.entity);
      const qualified = [entity.label, entity.plural].some((noun) => chunk.text.startsWith(`${noun.toLowerCase()} `));
      const after = negated === undefined && adverbs.length === 0 && (names(at, i - 1, flag.entity) || qualified);
      if (!before && !linked && !linkedToSubject && !after) return;
      const holds = negated === undefined;
      const contributions: Contribution[] = [{ kind: 'filter', filter: { kind: 'compare', op: 'eq', value: holds ? 1 : 0, money: false, fields: [flag], text: chunk.text } }];
      if (qualified) contributions.push({ kind: 'subject', subject: { kind: 'entity', entity: flag.entity, plural: chunk.plural } });
      draft.propose({ covers: [...adverbs, ...(negated === undefined ? [] : [negated]), i], contributions, reason: `"${chunk.text}" is a yes/no column of ${entity.plural}${holds ? '' : ', negated'}` });
    });
  },
});
