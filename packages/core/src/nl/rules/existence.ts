/**
 * Existence of related rows: "stadiums without any concerts", "countries with no car makers", "students
 * who have a pet", "shops that do not hire any employee" (the verb is checked by verify/explain-verbs.ts).
 * An entity right after a negation, or after "with"/"have"/"having", is a condition on the rows that relate
 * to the subject, not a second subject. Conditions on those rows ("a concert in 2014") join the existence
 * when the plan is built (assemble/plan-filters.ts), and a period right after them is on their own date
 * (related-period.ts). A verb that names another table's rows ("have not ordered", "never bought") asks the
 * same of them (the second rule below).
 */
import { entityEntries, fieldEntries, isNoise, keywordKind } from '../lex/chunk-queries';
import { DO_FORMS, FACT_VERB_NOUNS, HAVE_FORMS, HAVING, INDEFINITES, LIGHT_VERBS, QUANTIFIERS, RELATIVES, VERB_PREPOSITIONS } from '../../vocabulary';
import { verbLemma } from '../../lexical/lemmatize';
import { derivedNouns, isWord } from '../../lexical/lexical-relations';
import { isDateField, type Lexicon } from '../lex/lexicon';
import type { Chunk } from '../lex/segment';
import { phraseKey } from '../lex/stem';
import { couldBeVerb } from '../lex/verb-forms';
import { defineRule } from './define-rule';
import { periodOfRelatedRows } from './related-period';

/** Words between a negation or verb and the entity that say nothing of their own ("not used by any"). */
const isLinkWord = (word: string): boolean => VERB_PREPOSITIONS.has(word) || word === 'been' || word === 'be';
/** The same, without "to" and "with" (a quantifier or these are read with the entity). */
const isReadWord = (word: string): boolean => QUANTIFIERS.has(word) || (VERB_PREPOSITIONS.has(word) && word !== 'to' && word !== 'with') || word === 'been' || word === 'be';
/** "placed", "made", "had", "ever": after a negation they only say the entity's rows happened ("never placed an order"). */
const isLightWord = (text: string): boolean => text === 'ever' || LIGHT_VERBS.has(verbLemma(text.toLowerCase()));

export const relatedRowsExist = defineRule({
  name: 'existence.related-rows',
  description: '"without any concerts", "who have a pet", "did not hire any employee": an entity after a negation, a having word or a verb with a quantifier is a condition that related rows exist (or not).',
  examples: [
    { schema: 'music', question: 'Which stadiums have no concerts?', expect: 'list stadium: stadium.name, stadium.location, stadium.capacity, stadium.opening_year where stadium.stadium_id related concert.stadium_id count eq 0' },
    { schema: 'library', question: 'Which members have a loan?', expect: 'list member: member.name where member.member_id related loan.member_id count gt 0' },
    // A period right after the related rows is on their date, not the subject's (related-period.ts).
    { schema: 'shop', question: 'How many customers have no orders in 2026?', expect: 'aggregate customers: customer_count where customers.customer_id related orders.customer_id [orders.order_date gte 2026-01-01T00:00:00.000Z] [orders.order_date lt 2027-01-01T00:00:00.000Z] count eq 0' },
    // "both A and B" on the related rows: one related row each (assemble/plan-filters.ts), never either.
    { schema: 'library', question: 'Which members have loans of both Emma and Dune?', expect: 'list member: member.name where member.member_id related loan.member_id [book.title eq Emma] count gt 0 and member.member_id related loan.member_id [book.title eq Dune] count gt 0' },
    { schema: 'music', question: 'Which singers have concerts in both Auditions and Week 1?', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male where singer.singer_id related singer_in_concert.singer_id [concert.concert_name eq Auditions] count gt 0 and singer.singer_id related singer_in_concert.singer_id [concert.concert_name eq Week 1] count gt 0' },
    // A light verb after the negation only says the rows happened: "never placed an order", "never had a loan".
    { schema: 'shop', question: 'Which customers have never made an order?', expect: 'list customers: customers.name, customers.city, customers.state where customers.customer_id related orders.customer_id count eq 0' },
    { schema: 'library', question: 'Which members have never had a loan with us?', expect: 'list member: member.name where member.member_id related loan.member_id count eq 0' },
  ],
  counterExamples: [
    { schema: 'music', question: 'Which stadiums have a capacity over 5000?', expect: 'list stadium: stadium.name, stadium.location, stadium.capacity, stadium.opening_year where stadium.capacity gt 5000' },
    // "or" keeps one related row holding either value.
    { schema: 'library', question: 'Which members have loans of Emma or Dune?', expect: 'list member: member.name where member.member_id related loan.member_id [book.title in Emma|Dune] count gt 0' },
    { schema: 'music', question: 'Which singers have concerts in Auditions or Week 1?', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male where singer.singer_id related singer_in_concert.singer_id [concert.concert_name in Auditions|Week 1] count gt 0' },
    // Distinct values "not associated with any" related rows: about each value, not each row holding it (assemble/plan-filters.ts).
    { schema: 'school', question: 'List the distinct hometowns that are not associated with any course.', expect: 'decline' },
    { schema: 'music', question: 'List the distinct countries that are not associated with any concert.', expect: 'decline' },
    // Named rows keep the per-row reading.
    { schema: 'school', question: 'Show the distinct hometowns of teachers without any courses.', expect: 'list teacher: teacher.hometown where teacher.teacher_id related course.teacher_id count eq 0 distinct' },
    { schema: 'school', question: 'Show teacher names without any courses.', expect: 'list teacher: teacher.name where teacher.teacher_id related course.teacher_id count eq 0' },
  ],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i)) continue;
      const chunk = chunks[i]!;
      const negate = keywordKind(chunk, 'negate') !== undefined;
      // "who produced a car", "used in a document": a verb and a quantified entity.
      const verb = chunk.kind === 'unknown' && couldBeVerb(chunk.text, chunks[i - 1]?.text, chunks[i - 1]?.kind === 'lex');
      if (verb) {
        let q = i + 1;
        while (chunks[q] !== undefined && VERB_PREPOSITIONS.has(chunks[q]!.text)) q++;
        if (!INDEFINITES.has(chunks[q]?.text ?? '')) continue;
      } else if (!negate && !(chunk.kind === 'keyword' && HAVING.has(chunk.text))) continue;
      let j = i + 1;
      // "do not hire any employee", "not used by any document": the verb between says which relation.
      if (negate || verb) while (chunks[j] !== undefined && !draft.used(j) && (chunks[j]!.kind === 'unknown' || isLinkWord(chunks[j]!.text) || (negate && isLightWord(chunks[j]!.text)))) j++;
      while (chunks[j] !== undefined && !draft.used(j) && QUANTIFIERS.has(chunks[j]!.text)) j++;
      const target = chunks[j];
      if (target === undefined || draft.used(j) || target.kind !== 'lex') continue;
      const entities = entityEntries(target.entries);
      // "with a capacity over 5000", "with the first name ...": a field of the subject, not related rows.
      if (entities.length === 0 || fieldEntries(target.entries).length > 0) continue;
      // The words in between stay for the verb check: only the negation, quantifiers and the entity are read here.
      const covers = verb ? [j] : [i, j];
      for (let k = i + 1; k < j; k++) if (isReadWord(chunks[k]!.text) || (negate && isLightWord(chunks[k]!.text))) covers.push(k);
      // "did not order in the last 6 months": the period right after the related rows is on their date.
      const period = periodOfRelatedRows(draft, j + 1, entities[0]!);
      if (period !== undefined) covers.push(j + 1);
      const text = covers.map((k) => chunks[k]!.text).join(' ');
      draft.propose({ covers, contributions: [{ kind: 'filter', filter: { kind: 'exists', entity: entities[0]!, negate, text, ...(period === undefined ? {} : { period }) } }], reason: `"${target.text}" after ${negate ? 'a negation' : verb ? 'a verb and a quantifier' : `"${chunk.text}"`} asks whether related rows exist`, phrase: text });
    }
  },
});

/** Words between a negation and its verb that add nothing: "nobody has ever ordered", "never did buy". */
const isAuxiliary = (text: string): boolean => text === 'ever' || HAVE_FORMS.has(text) || DO_FORMS.has(text);

/** Verbs whose rows go by another noun (vocabulary FACT_VERB_NOUNS), by dictionary form. */
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

/**
 * A verb that names the rows of another table, after its subject: "customers who have not ordered in the
 * last 6 months", "customers that never bought anything in 2018", "how many customers ordered in 2018".
 * The verb's nouns ("ordered" -> order, "booked" -> booking, "bought" -> purchase, order) name the related
 * table, or the model already reads the verb as that table's date (a date synonym such as "ordered"). The
 * question asks whether related rows exist (none, after a negation), and a period right after the verb is
 * on those rows' date (related-period.ts). A verb of the subject's own rows ("customers who signed up in
 * the last 6 months") is the subject's date and is left to the period rule.
 */
export const factVerbExistence = defineRule({
  name: 'existence.fact-verb',
  description: '"customers who have not ordered in the last 6 months": a verb naming another table\'s rows asks whether such rows exist (none after a negation), and the period right after it is on their date.',
  examples: [
    { schema: 'shop', question: 'How many customers have not ordered in 2026?', expect: 'aggregate customers: customer_count where customers.customer_id related orders.customer_id [orders.order_date gte 2026-01-01T00:00:00.000Z] [orders.order_date lt 2027-01-01T00:00:00.000Z] count eq 0' },
    { schema: 'shop', question: 'How many customers ordered in 2026?', expect: 'aggregate customers: customer_count where customers.customer_id related orders.customer_id [orders.order_date gte 2026-01-01T00:00:00.000Z] [orders.order_date lt 2027-01-01T00:00:00.000Z] count gt 0' },
    // "bought": the rows go by another noun (vocabulary FACT_VERB_NOUNS).
    { schema: 'shop', question: 'Which customers never bought in 2026?', expect: 'list customers: customers.name, customers.city, customers.state where customers.customer_id related orders.customer_id [orders.order_date gte 2026-01-01T00:00:00.000Z] [orders.order_date lt 2027-01-01T00:00:00.000Z] count eq 0' },
    // "nobody has ever": the negation is before the auxiliaries; the products are what was (never) ordered.
    { schema: 'shop', question: 'Which products has nobody ever ordered?', expect: 'list products: products.name, products.category, products.brand, products.price, products.discontinued where products.product_id related orders.product_id count eq 0' },
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
      // "have not ordered", "never bought", "did not buy": a negation right before the verb, or before
      // auxiliaries and "ever" ("products nobody has ever ordered").
      let n = v - 1;
      while (n > 0 && !draft.used(n) && isAuxiliary(chunks[n]!.text)) n--;
      const negation = keywordKind(chunks[n], 'negate') !== undefined && !draft.used(n) ? n : undefined;
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
      const covers = [...(negation === undefined ? [] : Array.from({ length: v - negation }, (_, k) => negation + k)), v, ...(period === undefined ? [] : [v + 1])];
      const text = covers.map((k) => chunks[k]!.text).join(' ');
      draft.propose({ covers, contributions: [{ kind: 'filter', filter: { kind: 'exists', entity: table, negate: negation !== undefined, text, ...(period === undefined ? {} : { period }) } }], reason: `"${chunks[v]!.text}" names ${lexicon.entity(table).plural}, the rows ${negation === undefined ? 'that must exist' : 'that must not exist'}${period === undefined ? '' : ` ${period.label}`}`, phrase: text });
    }
  },
});
