/**
 * Model words no earlier rule read: a measure ("revenue"), the entity the question is about ("orders",
 * "customers"), a category asked for ("which cities"), and plain field mentions (columns to list, a date
 * meaning "which date", an event verb such as "sold").
 */
import { entityEntries, fieldEntries, hiddenEntries, keywordKind, measureEntries } from '../lex/chunk-queries';
import { SINGULAR_VERBS, WH_WORDS, isIn } from '../../vocabulary/grammar-words';
import { isDateField, isNumericField } from '../lex/lexicon';
import { phraseKey } from '../lex/stem';
import { verbMeasure } from '../measures';
import type { Interpretation } from '../kernel/interpretation';
import type { Contribution } from '../kernel/candidate';
import { defineRule } from './define-rule';
import type { Draft } from '../kernel/draft';

/** An entity noun right before another entity noun it is related to ("car models") modifies it. */
function modifiesNext(draft: Draft, index: number, entity: string): boolean {
  const next = draft.state.chunks[index + 1];
  if (next === undefined || next.kind !== 'lex' || draft.used(index + 1)) return false;
  const head = entityEntries(next.entries)[0];
  const { lexicon } = draft.state;
  return head !== undefined && head !== entity && (lexicon.reach(head, entity) !== undefined || lexicon.reach(entity, head) !== undefined);
}


/** "the description of the section named h": a question that asks for columns is about rows, not a count. */
function asksForColumns(draft: Draft): boolean {
  const at: Interpretation = draft.state;
  return (
    at.chunks.some((c, i) => !draft.used(i) && c.kind === 'lex' && entityEntries(c.entries).length === 0 && measureEntries(c.entries).length === 0 && fieldEntries(c.entries).some((f) => !isDateField(at.lexicon.field(f)))) &&
    at.pendingAggregation === undefined &&
    at.measures.length === 0
  );
}

export const remainingWords = defineRule({
  name: 'words.model-words',
  description: 'Model words left over: a measure, the entity the question is about, a category a wh-word asks for, or a column to show.',
  examples: [
    { schema: 'shop', question: 'Show the names and prices of the products', expect: 'list products: products.name, products.price' },
    // A plural alone is its count in a headline (verify/count-not-asked.ts lets these through).
    { schema: 'world', question: 'countries in Europe', expect: 'aggregate country: country_count where country.continent eq Europe' },
    { schema: 'atlas', question: 'nations in Europe', expect: 'aggregate nation: nation_count where nation.region eq Europe' },
    { schema: 'shop', question: 'Show orders by month', expect: 'aggregate orders: order_count by orders.order_date/month' },
    // "information" for a "details" column (lex/details-aliases.ts), on two schemas that name it differently.
    { schema: 'shop', question: 'List the ids and information of all suppliers', expect: 'list supplier: supplier.supplier_name, supplier.supplier_id, supplier.supplier_details' },
    { schema: 'firm', question: 'What are the titles and information of the ventures?', expect: 'list venture: venture.venture_title, venture.venture_details' },
    // An acronym column spelt out (lex/segment.ts, spelledAcronym).
    { schema: 'shop', question: 'What is the average miles per gallon of the vehicles?', expect: 'aggregate vehicle: avg(vehicle.mpg)' },
    { schema: 'atlas', question: 'Show the engine names and revolutions per minute', expect: 'list engine: engine.engine_name, engine.rpm' },
  ],
  counterExamples: [
    { schema: 'shop', question: 'How many orders last month?', expect: 'aggregate orders: order_count time order_date 2026-05-01..2026-06-01' },
    // Once answered as a count of the rows: a question asking for a thing, with no counting word, is declined.
    { schema: 'shop', question: 'What is the origin and destination for all orders whose revenue is higher than 300?', expect: 'decline' },
    { schema: 'flights', question: 'What is the origin and destination for all flights whose distance is higher than 300?', expect: 'decline' },
    { schema: 'world', question: 'What is the information of each country?', expect: 'decline' },
    { schema: 'atlas', question: 'What is the information of each nation?', expect: 'decline' },
    { schema: 'shop', question: 'What are the day of the orders of customer Ada Park?', expect: 'decline' },
    // Customers have no details column: another table's is not theirs.
    { schema: 'shop', question: 'Show the names and information of all customers', expect: 'decline' },
    // "all info" still asks for every column, not the details alone.
    { schema: 'firm', question: 'Show all info about ventures', expect: 'list venture: venture.venture_title, venture.venture_id, venture.venture_details' },
    // Two words are not an acronym by their initials alone: "includes dash" is no ID, and nothing reads it.
    { schema: 'shop', question: 'List the vehicles whose model includes dash', expect: 'decline' },
    { schema: 'atlas', question: 'List engines with names that include diesel', expect: 'decline' },
  ],
  startsFrom: ['chunk:lex'],
  read(draft) {
    const { chunks, lexicon } = draft.state;
    const preferSubjects = draft.state.listVerb || draft.state.recency !== undefined || draft.state.ranking !== undefined || asksForColumns(draft);
    chunks.forEach((chunk, i) => {
      if (draft.used(i) || chunk.kind !== 'lex') return;
      if (hiddenEntries(chunk.entries)) {
        draft.propose({ covers: [i], contributions: [{ kind: 'problem', message: `"${chunk.text}" is not available` }], reason: 'the field is hidden' });
        return;
      }
      const measures = measureEntries(chunk.entries);
      const entities = entityEntries(chunk.entries);
      const fields = fieldEntries(chunk.entries);
      const otherMeasure = draft.state.measures.length > 0;
      // "what ingredients go into X" asks for the ingredients themselves; "how many ingredients" counts them.
      const whHead = isIn(WH_WORDS, chunks[i - 1]?.text);
      // "revenue and orders by month": a count joined by "and" to a measure is a second measure, not the subject.
      const before = chunks[i - 2];
      const coordinated = chunks[i - 1]?.text === 'and' && otherMeasure && before !== undefined && before.kind === 'lex' && measureEntries(before.entries).length > 0;
      if (measures.length > 0 && (entities.length === 0 || coordinated || (!preferSubjects && !otherMeasure && !whHead))) {
        draft.propose({ covers: [i], contributions: [{ kind: 'measure', measure: { kind: 'model', ...measures[0]! } }], reason: `"${chunk.text}" is a measure` });
      } else if (entities.length > 0 && modifiesNext(draft, i, entities[0]!)) {
        // "car models": "car" only says which models; the noun at the end is what the question is about.
        draft.propose({ covers: [i], contributions: [], reason: `"${chunk.text}" only qualifies the noun after it` });
      } else if (entities.length > 0) {
        const contributions: Contribution[] = [{ kind: 'subject', subject: { kind: 'entity', entity: entities[0]!, plural: chunk.plural } }];
        // "which of the countries has the most car makers": the verb's number says one.
        if (!chunk.plural || SINGULAR_VERBS.has(chunks[i + 1]?.text ?? '')) contributions.push({ kind: 'mark', mark: 'singular', value: true });
        draft.propose({ covers: [i], contributions, reason: `"${chunk.text}" is what the question is about` });
      } else if (fields.length > 0) {
        const after = chunks[i - 1]?.kind === 'number' ? chunks[i - 2] : chunks[i - 1]; // "which 5 cities"
        // "which cities", "what nationalities": the wh-word's noun is what the question asks for.
        const which = after !== undefined && (keywordKind(after, 'list') !== undefined || keywordKind(after, 'noise') !== undefined) && isIn(WH_WORDS, after.text);
        const categorical = fields.filter((ref) => !isNumericField(lexicon.field(ref)) && !isDateField(lexicon.field(ref)));
        const contributions: Contribution[] = [];
        const verb = verbMeasure(lexicon, chunk);
        if (verb !== undefined) contributions.push({ kind: 'verb', measure: verb });
        const dates = fields.filter((ref) => isDateField(lexicon.field(ref)));
        const key = phraseKey(chunk.text);
        if (dates.some((ref) => key === phraseKey(lexicon.field(ref).label) || key === phraseKey(ref.field))) contributions.push({ kind: 'date-noun', fields: dates, text: chunk.text });
        if (which && categorical.length > 0) {
          contributions.push({ kind: 'subject', subject: { kind: 'field', fields: categorical, plural: chunk.plural, text: chunk.text } });
          if (!chunk.plural) contributions.push({ kind: 'mark', mark: 'singular', value: true });
        } else contributions.push({ kind: 'field-mention', fields, plural: chunk.plural, text: chunk.text });
        draft.propose({ covers: [i], contributions, reason: which && categorical.length > 0 ? `"${after!.text} ${chunk.text}" asks for that category` : `"${chunk.text}" is a column the question names` });
      }
    });
  },
});
