/**
 * A verb that names the rows of another table, after its subject: "customers who have not ordered in the
 * last 6 months", "customers that never bought anything in 2018", "how many customers ordered in 2018".
 * The verb's nouns ("ordered" -> order, "booked" -> booking, "bought" -> purchase, order) name the related
 * table, or the model already reads the verb as that table's date (a date synonym such as "ordered"). The
 * question asks whether related rows exist (none, after a negation), and a period right after the verb is
 * on those rows' date (related-period.ts). A verb of the subject's own rows ("customers who signed up in
 * the last 6 months") is the subject's date and is left to the period rule.
 */
import { verbLemma } from '../../lexical/lemmatize';
import { derivedNouns, isWord } from '../../lexical/lexical-relations';
import { FACT_VERB_NOUNS, RELATIVES } from '../../vocabulary';
import type { Lexicon } from '../lex/lexicon';
import { isDateField } from '../lex/lexicon';
import { entityEntries, fieldEntries, isNoise, keywordKind } from '../lex/chunk-queries';
import type { Chunk } from '../lex/segment';
import { phraseKey } from '../lex/stem';
import { couldBeVerb } from '../lex/verb-forms';
import { defineRule } from './define-rule';
import { periodOfRelatedRows } from './related-period';

const FACT_NOUNS = new Map(FACT_VERB_NOUNS);

/**
 * The one table the verb's nouns name ("ordered" -> orders), trying its own nouns before the listed ones.
 * The subject's tables are passed over: "buyer" (buy -> buyer) names who did it, not what was done.
 */
function tableOfVerbNouns(lexicon: Lexicon, lemma: string, subjects: readonly string[]): string | undefined {
  for (const noun of [lemma, ...derivedNouns(lemma), ...(FACT_NOUNS.get(lemma) ?? [])]) {
    const tables = new Set((lexicon.phrases.get(phraseKey(noun)) ?? []).flatMap((entry) => (entry.kind === 'entity' && !subjects.includes(entry.entity) ? [entry.entity] : [])));
    if (tables.size > 0) return tables.size === 1 ? [...tables][0] : undefined;
  }
  return undefined;
}

/** The table whose rows the verb at `at` records, or undefined when the chunk is no such verb. */
function factTable(lexicon: Lexicon, chunks: readonly Chunk[], at: number, subjects: readonly string[]): string | undefined {
  const chunk = chunks[at]!;
  const first = chunk.text.toLowerCase().split(' ')[0]!;
  const lemma = verbLemma(first);
  // An inflected verb ("ordered", "bought"), never a noun that happens to be a verb too ("order date").
  if (lemma === first || !isWord(lemma, 'verb')) return undefined;
  if (chunk.kind === 'lex') {
    // The model reads the verb as a date ("ordered" -> the orders' order date): that date's table.
    const dates = fieldEntries(chunk.entries).filter((ref) => isDateField(lexicon.field(ref)));
    const tables = new Set(dates.map((ref) => ref.entity));
    return dates.length > 0 && dates.length === chunk.entries.length && tables.size === 1 ? [...tables][0] : undefined;
  }
  if (chunk.kind !== 'unknown' || !couldBeVerb(first, chunks[at - 1]?.text, chunks[at - 1]?.kind === 'lex')) return undefined;
  return tableOfVerbNouns(lexicon, lemma, subjects);
}

export const factVerbExistence = defineRule({
  name: 'existence.fact-verb',
  description: '"customers who have not ordered in the last 6 months": a verb naming another table\'s rows asks whether such rows exist (none after a negation), and the period right after it is on their date.',
  examples: [
    { schema: 'shop', question: 'How many customers have not ordered in 2026?', expect: 'aggregate customers: customer_count where customers.customer_id related orders.customer_id [orders.order_date gte 2026-01-01T00:00:00.000Z] [orders.order_date lt 2027-01-01T00:00:00.000Z] count eq 0' },
    { schema: 'shop', question: 'How many customers ordered in 2026?', expect: 'aggregate customers: customer_count where customers.customer_id related orders.customer_id [orders.order_date gte 2026-01-01T00:00:00.000Z] [orders.order_date lt 2027-01-01T00:00:00.000Z] count gt 0' },
    // "bought": the rows go by another noun (vocabulary FACT_VERB_NOUNS).
    { schema: 'shop', question: 'Which customers never bought in 2026?', expect: 'list customers: customers.name, customers.city, customers.state where customers.customer_id related orders.customer_id [orders.order_date gte 2026-01-01T00:00:00.000Z] [orders.order_date lt 2027-01-01T00:00:00.000Z] count eq 0' },
  ],
  counterExamples: [
    // The subject's own event keeps the period on the subject's date.
    { schema: 'company', question: 'How many employees were hired in 2025?', expect: 'aggregate employee: employee_count time hire_date 2025-01-01..2026-01-01' },
    // A negated place is a plain filter, not related rows.
    { schema: 'shop', question: 'How many customers are not in Boston?', expect: 'aggregate customers: customer_count where customers.city neq Boston' },
    // The question already reads the fact's rows (their quantity): the verb is their date.
    { schema: 'shop', question: 'Total quantity of Laptop products ordered in 2026', expect: 'aggregate orders: sum(orders.quantity) where products.category eq Laptop time order_date 2026-01-01..2027-01-01' },
  ],
  read(draft) {
    const { chunks, lexicon } = draft.state;
    for (let v = 1; v < chunks.length; v++) {
      if (draft.used(v)) continue;
      // "have not ordered", "never bought", "did not buy": a negation right before the verb.
      const negation = keywordKind(chunks[v - 1], 'negate') !== undefined && !draft.used(v - 1) ? v - 1 : undefined;
      // The subject: the table named before it, past "who"/"that" and auxiliaries ("did").
      let s = (negation ?? v) - 1;
      while (chunks[s] !== undefined && (isNoise(chunks[s]) || RELATIVES.has(chunks[s]!.text.toLowerCase()))) s--;
      const subject = chunks[s];
      if (subject === undefined || subject.kind !== 'lex') continue;
      const subjects = entityEntries(subject.entries);
      const table = factTable(lexicon, chunks, v, subjects);
      // "customers who signed up": the subject's own rows, so its own date.
      if (subjects.length === 0 || table === undefined || subjects.includes(table)) continue;
      // "total quantity of Kitchen products sold in 2025": the question already names those rows alone (their
      // quantity), so the verb is their date, not a condition on the products. ("ids" of any table does not.)
      if (chunks.some((chunk, k) => k !== v && chunk.kind === 'lex' && chunk.entries.every((entry) => entry.entity === table))) continue;
      const period = periodOfRelatedRows(draft, v + 1, table);
      // Without a negation the verb alone could be anything the rows did; a period of the rows makes it their fact.
      if (negation === undefined && period === undefined) continue;
      // "how many different customers ordered in Q1": distinct values among the fact's rows, which the
      // count-distinct reading over those rows already answers ("distinct ids of products ordered ..." is a list).
      if (negation === undefined && keywordKind(chunks[s - 1], 'distinct') !== undefined) continue;
      const covers = [...(negation === undefined ? [] : [negation]), v, ...(period === undefined ? [] : [v + 1])];
      const text = covers.map((k) => chunks[k]!.text).join(' ');
      draft.propose({ covers, contributions: [{ kind: 'filter', filter: { kind: 'exists', entity: table, negate: negation !== undefined, text, ...(period === undefined ? {} : { period }) } }], reason: `"${chunks[v]!.text}" names ${lexicon.entity(table).plural}, the rows ${negation === undefined ? 'that must exist' : 'that must not exist'}${period === undefined ? '' : ` ${period.label}`}`, phrase: text });
    }
  },
});
