/**
 * Rankings and recency: "top 5 customers", "bottom 3 categories", "best-selling products", "most reviewed
 * products", "which product sold the most", "highest rated products", "the latest 10 orders", "Which club
 * was founded first?", and "which 5 cities generate the most revenue" (N just before the ranked things).
 */
import type { FieldRef } from '../../plan/query-plan';
import type { RankIntent, Subject } from '../intents';
import { entityEntries, fieldEntries, keywordKind, measureEntries } from '../lex/chunk-queries';
import { BE_FORMS, HAVE_FORMS } from '../../vocabulary/grammar-words';
import { isDateField, isNumericField } from '../lex/lexicon';
import type { Chunk } from '../lex/segment';
import { phraseKey } from '../lex/stem';
import { countOf, verbMeasure } from '../measures';
import { type Interpretation, nextMeaningful, previousMeaningful } from '../kernel/interpretation';
import { gradedAdjective } from '../../lexical/lemmatize';
import { nounsOfVerbForm } from '../../lexical/verb-nouns';
import type { Contribution } from '../kernel/candidate';
import { defineRule } from './define-rule';
import { moneyFieldsOf, rowsBeforeMoney } from '../money-fields';
import type { Draft } from '../kernel/draft';

/** The subject a ranked chunk names (an entity, else a category field), with "singular" when it is one. */
function subjectOf(at: Interpretation, chunk: Chunk): Contribution[] | undefined {
  if (chunk.kind !== 'lex') return undefined;
  const fields = fieldEntries(chunk.entries).filter((ref) => {
    const field = at.lexicon.field(ref);
    return !isNumericField(field) && !isDateField(field);
  });
  const entities = entityEntries(chunk.entries);
  let subject: Subject;
  if (entities.length > 0) subject = { kind: 'entity', entity: entities[0]!, plural: chunk.plural };
  else if (fields.length > 0) subject = { kind: 'field', fields, plural: chunk.plural, text: chunk.text };
  else return undefined;
  return [{ kind: 'subject', subject }, ...(chunk.plural ? [] : [{ kind: 'mark' as const, mark: 'singular' as const, value: true }])];
}

/** "which city has the most customers": something is already named before the ranking word. */
function namedBefore(at: Interpretation, index: number): boolean {
  return at.chunks.slice(0, index).some((c) => c.kind === 'lex' || keywordKind(c, 'grain') !== undefined);
}

/** Fields whose name holds the verb's own word or a noun made from it ("released" -> release year). */
function datedByVerb(at: Interpretation, word: string): FieldRef[] {
  if (!/ed$/.test(word)) return [];
  const words = new Set(nounsOfVerbForm(word).map(phraseKey));
  return Object.values(at.lexicon.model.entities).flatMap((entity) =>
    Object.values(entity.fields).filter((field) => field.label.toLowerCase().split(' ').some((w) => words.has(phraseKey(w)))).map((field) => ({ entity: entity.name, field: field.name })),
  );
}

/**
 * "the 4 biggest countries", "the most expensive product": a magnitude word ("biggest", "highest") or a
 * price word before an entity's noun describes the rows, even where that noun also names their count; only
 * "the most countries" counts them.
 */
function magnitudeOfRows(lexicon: Interpretation['lexicon'], rank: { aggregation?: 'max' | 'min'; money?: boolean }, target: Chunk): boolean {
  if ((rank.aggregation === undefined && rank.money !== true) || target.kind !== 'lex') return false;
  const entities = entityEntries(target.entries);
  return entities.length > 0 && measureEntries(target.entries).every((m) => entities.includes(m.entity) && lexicon.measure(m.entity, m.measure).aggregation === 'count' && lexicon.measure(m.entity, m.measure).expression === undefined);
}

const wholeNumber = (chunk: Chunk | undefined): chunk is Extract<Chunk, { kind: 'number' }> => chunk !== undefined && chunk.kind === 'number' && Number.isInteger(chunk.value) && chunk.value >= 1;

export const firstByDate = defineRule({
  name: 'ranking.first-by-date',
  description: '"Which club was founded first?", "the station that opened last": a closing "first"/"last" after a date or year named as a verb keeps the earliest or latest row (with ties).',
  examples: [{ schema: 'music', question: 'Which stadium was opened first?', expect: 'list stadium: stadium.name, stadium.location, stadium.capacity, stadium.opening_year order stadium.opening_year asc limit 1 with ties' }, { schema: 'shop', question: 'Which product was ordered first?', expect: 'list orders: orders.order_id, products.name, orders.order_date order orders.order_date asc limit 1 with ties' }],
  counterExamples: [{ schema: 'music', question: 'Which singer sang first?', expect: 'decline' }],
  startsFrom: ['keyword:recent'],
  read(draft) {
    const at = draft.state;
    const { chunks } = at;
    for (let index = 0; index < chunks.length; index++) {
      const recent = keywordKind(chunks[index], 'recent');
      if (draft.used(index) || recent === undefined || nextMeaningful(at, index) >= 0) continue;
      let k = index - 1;
      while (k >= 0 && (BE_FORMS.has(chunks[k]!.text) || HAVE_FORMS.has(chunks[k]!.text))) k--;
      const chunk = chunks[k];
      if (chunk === undefined || (chunk.kind !== 'lex' && chunk.kind !== 'unknown')) continue;
      const isDated = (ref: FieldRef): boolean => {
        const field = at.lexicon.field(ref);
        // A year kept as a whole number counts; a key never does ("ordered first" is not the lowest order id).
        return !field.hidden && field.role !== 'identifier' && (isDateField(field) || (field.type === 'integer' && field.format === 'text'));
      };
      // "was released first" with a release_year column: the verb names the date by its own word.
      const dated = chunk.kind === 'lex' ? fieldEntries(chunk.entries).filter(isDated) : datedByVerb(at, chunk.text).filter(isDated);
      if (dated.length === 0) continue;
      const named = chunks.slice(0, k).filter((c) => c.kind === 'lex' && entityEntries(c.entries).length > 0);
      // A verb alone ("was released first") says whose date only with the rows named before it.
      if (chunk.kind === 'unknown' && named.length === 0) continue;
      const contributions: Contribution[] = [{ kind: 'ranking', ranking: { direction: recent.direction, fields: dated, direct: true }, refines: false }];
      const owners = new Set(dated.map((ref) => ref.entity));
      // "Which station opened first?": the date's name ("station opened") also names whose rows are ranked.
      if (chunk.kind === 'lex' && named.length === 0 && owners.size === 1) contributions.push({ kind: 'subject', subject: { kind: 'entity', entity: dated[0]!.entity, plural: chunk.plural } });
      if (!named.some((c) => c.kind === 'lex' && c.plural)) contributions.push({ kind: 'mark', mark: 'singular', value: true });
      draft.propose({ covers: [k, index], contributions, reason: `"${chunk.text} ${chunks[index]!.text}" orders by that date and keeps the ${recent.direction === 'asc' ? 'earliest' : 'latest'}` });
    }
  },
});

export const latestRows = defineRule({
  name: 'recency.latest',
  description: '"the latest 10 orders", "the 5 most recent reviews": the newest (or oldest) rows of an entity by their date; "the most recent order", one thing, is the newest row with its ties.',
  examples: [
    { schema: 'shop', question: 'Show the latest 2 orders', expect: 'list orders: orders.order_id, orders.order_date, orders.quantity, orders.revenue, orders.discount, products.name, customers.name order orders.order_date desc limit 2' },
    { schema: 'shop', question: 'What is the id of the most recent order?', expect: 'list orders: orders.order_id, orders.order_date order orders.order_date desc limit 1 with ties' },
    { schema: 'library', question: 'Which is the latest loan?', expect: 'list loan: loan.loan_id, loan.loan_date, loan.returned_date, book.title, member.name order loan.loan_date desc limit 1 with ties' },
  ],
  counterExamples: [{ schema: 'shop', question: 'What was the latest order date?', expect: 'decline' }],
  startsFrom: ['keyword:recent'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      const recent = keywordKind(chunks[i], 'recent');
      if (draft.used(i) || recent === undefined) continue;
      const covers = [i];
      let limit: number | undefined;
      let next = nextMeaningful(draft.state, i);
      const numberChunk = chunks[next];
      if (wholeNumber(numberChunk)) {
        limit = Math.min(numberChunk.value, 1000);
        covers.push(next);
        next = nextMeaningful(draft.state, next);
      }
      const target = chunks[next];
      if (target === undefined || target.kind !== 'lex' || entityEntries(target.entries).length === 0) continue;
      const subject = subjectOf(draft.state, target) ?? [];
      // "the 10 most recent orders": the number comes first ("most" is part of "most recent").
      const before = chunks[i - 1];
      if (limit === undefined && wholeNumber(before) && !draft.used(i - 1)) {
        limit = Math.min(before.value, 1000);
        covers.push(i - 1);
      }
      // "the most recent order", "the oldest employee": one row (with ties), as a numeric superlative on one thing.
      const one = limit === undefined && !target.plural ? [{ kind: 'mark' as const, mark: 'singular' as const, value: true }] : [];
      draft.propose({ covers: [...covers, next], contributions: [...subject, { kind: 'recency', direction: recent.direction, ...(limit === undefined ? {} : { limit }) }, ...one], reason: `"${chunks[i]!.text}" ${target.text} by their date` });
    }
  },
});

export const rankingWord = defineRule({
  name: 'ranking.superlative-word',
  description: '"top 5 customers", "the most expensive products", "which product sold the most", "highest rated": a ranking word, what it ranks, and how many.',
  examples: [
    { schema: 'shop', question: 'Top 5 customers by revenue', expect: 'aggregate orders: sum(orders.revenue) by customers.name order measure0 desc limit 5' },
    { schema: 'music', question: 'Which stadium has the most concerts?', expect: 'aggregate concert: concert_count by stadium.name order measure0 desc limit 1 with ties' },
    // A price word before the rows' own noun describes the rows: never "by number of products".
    { schema: 'shop', question: 'What is the name of the most expensive product?', expect: 'list products: products.name, products.price order products.price desc limit 1 with ties' },
    { schema: 'regions', question: 'What is the id of the most expensive invoice?', expect: 'list invoice: invoice.invoice_id, invoice.amount order invoice.amount desc limit 1 with ties' },
    // A number of highest values are those values, not the one extreme (build-plan.ts, "build.top-values").
    { schema: 'shop', question: 'What are the top 3 highest prices?', expect: 'list products: products.name, products.price order products.price desc limit 3' },
    { schema: 'music', question: 'What are the 2 largest capacities?', expect: 'list stadium: stadium.name, stadium.capacity order stadium.capacity desc limit 2' },
    // The money a verb names before the word ranks ("paid": amount_payment, semantic/money-verbs.ts).
    { schema: 'company', question: 'Which customer has paid us the most?', expect: 'aggregate customer_payment: sum(customer_payment.amount_payment) by customer.name order measure0 desc limit 1 with ties' },
  ],
  counterExamples: [
    { schema: 'shop', question: 'What is the highest price?', expect: 'aggregate products: max(products.price)' },
    { schema: 'music', question: 'What is the largest capacity?', expect: 'aggregate stadium: max(stadium.capacity)' },
    // Two columns of that name, in two tables: whose values?
    { schema: 'world', question: 'What are the 3 smallest populations?', expect: 'decline' },
    { schema: 'regions', question: 'Which store has the most invoices?', expect: 'aggregate invoice: invoice_count by store.store_name order measure0 desc limit 1 with ties' },
    // "most common" of a table's own rows counts each row once: nothing to rank (assemble/ranks-own-rows.ts).
    { schema: 'regions', question: 'Which expense is the most common?', expect: 'decline' },
    { schema: 'districts', question: 'Which cost is the most common?', expect: 'decline' },
    { schema: 'shop', question: 'Name the most common product', expect: 'decline' },
    { schema: 'company', question: 'Which employee is the support rep of the most customers?', expect: 'aggregate customer: customer_count by employee.full_name order measure0 desc limit 1 with ties' }, { schema: 'firm', question: 'Which staff is the account manager of the most clients?', expect: 'aggregate client: client_count by staff.full_name order measure0 desc limit 1 with ties' }, { schema: 'world', question: 'Name the 4 biggest countries, with their surface area.', expect: 'decline' }, { schema: 'atlas', question: 'Name the 4 biggest nations, with their land area.', expect: 'decline' }],
  startsFrom: ['keyword:rank'],
  read(draft) {
    const at = draft.state;
    const { chunks, lexicon } = at;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i)) continue;
      const rank = keywordKind(chunks[i], 'rank');
      if (rank === undefined) continue;
      const covers = [i];
      const contributions: Contribution[] = [];
      let limit: number | undefined;
      let next = nextMeaningful(at, i);
      // "the 4 biggest countries": the noun right after the word (or its number), with nothing between.
      let directlyAfter = i + 1;
      const numberChunk = chunks[next];
      if (wholeNumber(numberChunk)) {
        limit = Math.min(numberChunk.value, 1000);
        covers.push(next);
        directlyAfter = next + 1;
        next = nextMeaningful(at, next);
      }
      const target = chunks[next];
      let fields: FieldRef[] | undefined = at.ranking?.fields;
      let direct = at.ranking?.direct === true;
      let what = '';
      if (target !== undefined && target.kind === 'lex') {
        const verb = verbMeasure(lexicon, target);
        const measures = measureEntries(target.entries);
        const numeric = fieldEntries(target.entries).filter((ref) => isNumericField(lexicon.field(ref)));
        const subject = subjectOf(at, target);
        if (verb !== undefined) {
          contributions.push({ kind: 'measure', measure: verb });
          what = `by what "${target.text}" counts`;
        } else if (measures.length === 0 && rank.aggregation === undefined && rank.money !== true && entityEntries(target.entries).length > 0 && namedBefore(at, i)) {
          // "which country has the most plants": the rows of the entity after "most" are counted.
          contributions.push({ kind: 'measure', measure: countOf(lexicon, entityEntries(target.entries)[0]!) });
          what = `by the number of ${target.text}`;
        } else if (measures.length > 0 && !(next === directlyAfter && magnitudeOfRows(lexicon, rank, target)) && (target.plural === false || entityEntries(target.entries).length === 0 || namedBefore(at, i))) {
          contributions.push({ kind: 'measure', measure: { kind: 'model', ...measures[0]! } });
          what = `by ${target.text}`;
        } else if (subject !== undefined) {
          contributions.push(...subject);
          what = `the ${target.text}`;
        } else if (numeric.length > 0) {
          fields = numeric;
          direct = true;
          what = `by ${target.text}`;
        } else next = -1;
        if (next >= 0) covers.push(next);
      } else {
        // "which product sold the most": the verb comes before the ranking word.
        const before = previousMeaningful(at, i);
        const verb = before >= 0 ? verbMeasure(lexicon, chunks[before]!) : undefined;
        // "which customers have paid us the most", "who owes us the most": the money the verb names.
        const money = verb === undefined && before >= 0 ? moneyFieldsOf(lexicon, chunks[before]) : undefined;
        if (verb !== undefined) {
          contributions.push({ kind: 'measure', measure: verb });
          covers.push(before);
          what = `by what "${chunks[before]!.text}" counts`;
        } else if (money !== undefined && fields === undefined && rank.aggregation === undefined) {
          fields = money;
          covers.push(before);
          what = `by the money "${chunks[before]!.text}" names`;
          // "which customers owe us the most": the rows' noun opens the phrase, and they are what is ranked.
          const owner = money[0]!.entity;
          if (rowsBeforeMoney(lexicon, chunks[before]) && money.every((ref) => ref.entity === owner)) contributions.push({ kind: 'subject', subject: { kind: 'entity', entity: owner, plural: true } });
        }
      }
      // "5 cheapest laptops": the number comes first.
      const before = chunks[i - 1];
      if (limit === undefined && wholeNumber(before) && !draft.used(i - 1)) {
        limit = Math.min(before.value, 1000);
        covers.push(i - 1);
      }
      // "top 3 most expensive products": the second ranking word refines the first.
      limit ??= at.ranking?.limit;
      // "the highest building": what the adjective measures, for when nothing else says what is ranked.
      const graded = gradedAdjective(chunks[i]!.text);
      const measured = graded === undefined ? [] : lexicon.scaleFields(graded.lemma);
      const ranking: RankIntent = {
        direction: rank.direction,
        ...(rank.count === true ? { count: true } : {}),
        ...(rank.money === true || at.ranking?.money === true ? { money: true } : {}),
        ...(limit === undefined ? {} : { limit }),
        ...(rank.aggregation === undefined ? {} : { aggregation: rank.aggregation }),
        ...(fields === undefined ? {} : { fields }),
        ...(direct ? { direct: true } : {}),
        ...(measured.length > 0 ? { measured: [...measured] } : {}),
      };
      contributions.push({ kind: 'ranking', ranking, refines: at.ranking !== undefined });
      draft.propose({ covers, contributions, reason: `"${chunks[i]!.text}" ranks${what === '' ? '' : ` ${what}`}${limit === undefined ? '' : `, ${limit} of them`}` });
    }
  },
});

/** "which 5 cities generate the most revenue", "lowest rated 3 products": N just before the ranked things. */
export const countBeforeSubject = defineRule({
  name: 'ranking.count-before-subject',
  description: '"which 5 cities generate the most revenue": a whole number right before the plural noun of a ranking is how many to keep.',
  examples: [{ schema: 'shop', question: 'Which 3 cities have the most customers?', expect: 'aggregate customers: customer_count by customers.city where customers.city neq  order measure0 desc limit 3' }],
  counterExamples: [{ schema: 'shop', question: 'Which customers have 3 orders?', expect: 'decline' }],
  startsFrom: ['chunk:number'],
  read(draft) {
    const at = draft.state;
    if (at.ranking === undefined || at.ranking.limit !== undefined) return;
    const { chunks, lexicon } = at;
    for (let i = 0; i + 1 < chunks.length; i++) {
      const chunk = chunks[i]!;
      const next = chunks[i + 1]!;
      if (draft.used(i) || !wholeNumber(chunk) || next.kind !== 'lex' || !(next.plural || rowsBeforeMoney(lexicon, next))) continue;
      // "which three customers owe us the most": the rows' noun opens the money phrase (money-fields.ts).
      const names = entityEntries(next.entries).length > 0 || fieldEntries(next.entries).some((ref) => !isNumericField(lexicon.field(ref)) && !isDateField(lexicon.field(ref))) || rowsBeforeMoney(lexicon, next);
      if (!names) continue;
      draft.propose({ covers: [i], contributions: [{ kind: 'ranking', ranking: { ...at.ranking, limit: Math.min(chunk.value, 1000) }, refines: true }], reason: `${chunk.value} before "${next.text}" is how many to rank` });
      return;
    }
  },
});
