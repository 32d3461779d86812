/**
 * States named by an event that has not happened: "open tickets" (closed_at empty), "unpaid invoices"
 * (paid_on empty), "subscriptions still running" (cancelled_at empty). A nullable date records when the
 * event happened, so the rows still waiting for it are the ones where it is empty (issue 38's
 * "states.event-date"; "not yet shipped" is rules/missing.ts).
 *
 * Conservative on purpose: only a word the lexicon does not read otherwise (a yes/no `is_active` column
 * named "active" is rules/flags.ts), only a date column of a table the question names whose name carries one
 * of the word's events, and only when exactly one such date is found; never the table's own date.
 */
import type { FieldRef } from '../../plan/query-plan';
import { verbLemma } from '../../lexical/lemmatize';
import { splitWords } from '../../semantic/humanize';
import { OPEN_STATE_WORDS } from '../../vocabulary/open-states';
import { TIME_ADVERBS, isIn } from '../../vocabulary/grammar-words';
import { entityEntries, fieldEntries } from '../lex/chunk-queries';
import { defaultDateOf, isDateField } from '../lex/lexicon';
import type { Interpretation } from '../kernel/interpretation';
import { defineRule } from './define-rule';

const EVENTS = new Map(OPEN_STATE_WORDS);

/** Whether a name word says the event: its verb ("closed", "cancel") or a noun made from it ("cancellation", "payment", "closure"). */
function namesEvent(word: string, event: string): boolean {
  if (word === event || verbLemma(word) === event) return true;
  const stem = event.replace(/e$/, '');
  return stem.length >= 3 && word.startsWith(stem) && EVENT_ENDINGS.has(word.slice(stem.length));
}
const EVENT_ENDINGS = new Set(['ed', 'd', 'ing', 'ment', 'ation', 'lation', 'ion', 'ure', 'y', 'al']);

function eventDate(at: Interpretation, entities: readonly string[], events: readonly string[]): FieldRef | undefined {
  const found: FieldRef[] = [];
  for (const name of entities) {
    const entity = at.lexicon.entity(name);
    const own = defaultDateOf(entity);
    for (const field of Object.values(entity.fields)) {
      if (field.hidden || !isDateField(field) || field.name === own) continue;
      if (splitWords(field.column).some((word) => events.some((event) => namesEvent(word, event)))) found.push({ entity: name, field: field.name });
    }
  }
  return found.length === 1 ? found[0] : undefined;
}

export const openState = defineRule({
  name: 'states.open-event',
  description: '"open tickets", "unpaid invoices", "subscriptions still running": a word for an event that has not happened keeps the rows whose date of that event is empty.',
  examples: [{ schema: 'library', question: 'How many outstanding loans are there?', expect: 'aggregate loan: loan_count where loan.returned_date is_null' }],
  counterExamples: [{ schema: 'library', question: 'How many pending members are there?', expect: 'decline' }],
  startsFrom: ['chunk:unknown', 'chunk:lex', 'chunk:value'],
  read(draft) {
    const at = draft.state;
    const { chunks } = at;
    const named = [...new Set(chunks.flatMap((chunk) => (chunk.kind === 'lex' ? entityEntries(chunk.entries) : [])))];
    chunks.forEach((chunk, i) => {
      if (draft.used(i)) return;
      const events = EVENTS.get(chunk.text.toLowerCase());
      if (events === undefined) return;
      // A word the model reads as something other than a date is that thing ("active" for an is_active flag).
      if (chunk.kind === 'lex' && !fieldEntries(chunk.entries).every((ref) => isDateField(at.lexicon.field(ref)))) return;
      // A value of another table ("open" as an invoice status, asked of tickets) is not this table's state.
      if (chunk.kind === 'value' && chunk.matches.some((m) => named.includes(m.entity))) return;
      if (chunk.kind !== 'lex' && chunk.kind !== 'unknown' && chunk.kind !== 'value') return;
      const field = eventDate(at, named, events);
      if (field === undefined) return;
      const covers = [i];
      for (let k = i - 1; k >= 0 && isIn(TIME_ADVERBS, chunks[k]!.text) && !draft.used(k); k--) covers.unshift(k);
      const text = covers.map((k) => chunks[k]!.text).join(' ');
      draft.propose({ covers, contributions: [{ kind: 'filter', filter: { kind: 'missing', field, text } }], reason: `"${text}": the ${at.lexicon.entity(field.entity).plural} whose ${at.lexicon.field(field).label} is empty` });
    });
  },
});
