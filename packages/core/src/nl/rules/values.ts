/**
 * Data values named in the question ("laptops", "Apple Watch", "not in Audio", "laptops or tablets",
 * "both cats and dogs"), with the words that confirm or narrow them: a field name next to them ("the
 * category Laptop"), a role word ("departing from APG"), the entity they belong to ("AHD airport").
 */
import type { FieldRef } from '../../plan/query-plan';
import type { FilterIntent } from '../intents';
import { entityEntries, fieldEntries, isNoise, keywordKind } from '../lex/chunk-queries';
import { TIME_ADVERBS, WH_WORDS, isIn } from '../../vocabulary/grammar-words';
import { ROLE_WORDS } from '../lex/role-words';
import type { Chunk } from '../lex/segment';
import { nextMeaningful, previousMeaningful } from '../kernel/interpretation';
import type { Contribution } from '../kernel/candidate';
import { defineRule } from './define-rule';
import type { Draft } from '../kernel/draft';

type ValueChunk = Extract<Chunk, { kind: 'value' }>;

/**
 * An entity named right before or after the values that they belong to, or that their field points at
 * ("AHD airport" for a source-airport code): the noun only says what the values are.
 */
function typeNoun(draft: Draft, positions: readonly number[], group: readonly ValueChunk[]): number | undefined {
  const { lexicon, chunks } = draft.state;
  for (const k of positions) {
    const near = chunks[k];
    if (near === undefined || near.kind !== 'lex' || draft.used(k) || fieldEntries(near.entries).length > 0) continue;
    const entities = entityEntries(near.entries);
    const fits = group.every((chunk) => chunk.matches.some((m) => entities.includes(m.entity) || lexicon.model.relations.some((r) => r.fromEntity === m.entity && r.fromField === m.field && entities.includes(r.toEntity))));
    if (fits) return k;
  }
  return undefined;
}

/**
 * "departing from APG", "flights into ATO": a role word just before the values picks, among the fields the
 * values belong to, those whose name says that role (source airport, destination airport).
 */
function roleBefore(draft: Draft, index: number, group: readonly ValueChunk[]): { index: number; fields: string[] } | undefined {
  const { chunks, lexicon } = draft.state;
  for (let k = index - 1; k >= Math.max(0, index - 3); k--) {
    const role = keywordKind(chunks[k], 'role');
    if (role === undefined) continue;
    if (draft.used(k)) return undefined;
    const fields = new Set<string>();
    for (const chunk of group) {
      for (const match of chunk.matches) {
        if (ROLE_WORDS[role.role].test(lexicon.field(match).label.toLowerCase())) fields.add(`${match.entity}.${match.field}`);
      }
    }
    return fields.size === 0 ? undefined : { index: k, fields: [...fields] };
  }
  return undefined;
}

/** The filter (or the problem) a group of value chunks makes: only fields that explain every chunk are kept. */
function valueContributions(group: readonly ValueChunk[], negate: boolean, named: ReadonlySet<string>, all: boolean, joinedByAnd: boolean): Contribution[] {
  const out: Contribution[] = [];
  const byField = new Map<string, { field: FieldRef; values: string[]; hits: number }>();
  for (const chunk of group) {
    let matches = chunk.matches;
    if (named.size > 0) matches = matches.filter((m) => named.has(`${m.entity}.${m.field}`));
    const best = Math.max(...matches.map((m) => m.score));
    if (best < 0.95) out.push({ kind: 'penalty', amount: 0.1, why: `"${chunk.text}" matched a value only by typo` });
    const seen = new Set<string>();
    for (const match of matches.filter((m) => m.score === best)) {
      const key = `${match.entity}.${match.field}`;
      let entry = byField.get(key);
      if (entry === undefined) byField.set(key, (entry = { field: { entity: match.entity, field: match.field }, values: [], hits: 0 }));
      if (!entry.values.includes(match.value)) entry.values.push(match.value);
      if (!seen.has(key)) entry.hits++;
      seen.add(key);
    }
  }
  const choices = [...byField.values()].filter((c) => c.hits === group.length).map(({ field, values }) => ({ field, values }));
  if (choices.length > 0) {
    const [only] = choices;
    const key = only === undefined ? '' : `${only.field.entity}.${only.field.field}`;
    const everyValue = joinedByAnd && !all && !negate && choices.length === 1 && only!.values.length > 1 && group.every((c) => c.fieldSizes?.get(key) === only!.values.length);
    const filter: FilterIntent = { kind: 'values', choices, negate, ...(all ? { all: true } : {}), ...(joinedByAnd && !all ? { joinedByAnd: true } : {}), ...(everyValue ? { everyValue: true } : {}) };
    out.push({ kind: 'filter', filter });
  } else out.push({ kind: 'problem', message: `"${group.map((c) => c.text).join(', ')}" are values of different fields` });
  return out;
}

/**
 * "... completed and how many (were) cancelled", "... confirmed and how many are still provisional": an
 * "and" and a second "how many", with only auxiliaries or time adverbs after it, before a value. Returns
 * the value's index: the question asks one count for each value, side by side.
 */
function secondCount(draft: Draft, at: number): number | undefined {
  const { chunks } = draft.state;
  if (keywordKind(chunks[at], 'and') === undefined || keywordKind(chunks[at + 1], 'aggregate') === undefined || chunks[at + 1]!.text !== 'how many') return undefined;
  let k = at + 2;
  while (chunks[k] !== undefined && !draft.used(k) && (isNoise(chunks[k]) || TIME_ADVERBS.has(chunks[k]!.text))) k++;
  return chunks[k]?.kind === 'value' && !draft.used(k) ? k : undefined;
}

export const namedValues = defineRule({
  name: 'values.named',
  description: 'Values of the data named in the question keep the rows that have them; a negation before makes it "not", "and"/"or"/"vs" join a list of values of one field.',
  examples: [
    { schema: 'shop', question: 'How many orders of laptops or tablets?', expect: 'aggregate orders: order_count where products.category in Laptop|Tablet' },
    { schema: 'flights', question: 'How many flights depart from APG?', expect: 'aggregate flight: flight_count where flight.source_airport eq APG' },
    // Every value the column holds, joined by "and": a figure for each (build.each-of-every-value); some of them stay one total.
    { schema: 'pets', question: 'Show the average weight for cats and dogs.', expect: 'aggregate pet: avg(pet.weight) by pet.pet_type where pet.pet_type in cat|dog' },
    { schema: 'library', question: 'How many loans are there for Novel and Science Fiction books?', expect: 'aggregate loan: loan_count by book.genre where book.genre in Novel|Science Fiction' },
    { schema: 'shop', question: 'What is the total revenue for laptops and tablets?', expect: 'aggregate orders: sum(orders.revenue) where products.category in Laptop|Tablet' },
    // "how many A and how many B": one count for each value, side by side.
    { schema: 'pets', question: 'How many pets are cats and how many are dogs?', expect: 'aggregate pet: pet_count by pet.pet_type where pet.pet_type in cat|dog' },
    { schema: 'shop', question: 'How many orders were laptops and how many were still tablets?', expect: 'aggregate orders: order_count by products.category where products.category in Laptop|Tablet' },
    // The singular noun the value describes ranks one row (with ties), as "the most expensive invoice" does.
    { schema: 'regions', question: 'What is the id of the most expensive CARD invoice?', expect: 'list invoice: invoice.invoice_id, invoice.payment_method_code, invoice.amount where invoice.payment_method_code eq CARD order invoice.amount desc limit 1 with ties' },
    { schema: 'districts', question: 'Show the id of the cheapest CARD bill.', expect: 'list bill: bill.bill_id, bill.settlement_code, bill.total where bill.settlement_code eq CARD order bill.total asc limit 1 with ties' },
  ],
  counterExamples: [
    { schema: 'regions', question: 'What are the ids of the most expensive CARD invoices?', expect: 'list invoice: invoice.invoice_id, invoice.payment_method_code, invoice.amount where invoice.payment_method_code eq CARD order invoice.amount desc limit 10' },
    { schema: 'world', question: 'What is the average surface area of the countries in Europe?', expect: 'aggregate country: avg(country.surface_area) where country.continent eq Europe' }, { schema: 'atlas', question: 'What is the average land area of the nations in Europe?', expect: 'aggregate nation: avg(nation.land_area) where nation.region eq Europe' }, { schema: 'world', question: 'How many countries are in Europe?', expect: 'aggregate country: country_count where country.continent eq Europe' }, { schema: 'regions', question: 'What are the distinct payment method codes in all the invoices?', expect: 'list invoice: invoice.payment_method_code distinct' }, { schema: 'districts', question: 'What are the different settlement codes in all the bills?', expect: 'list bill: bill.settlement_code distinct' }, { schema: 'shop', question: 'Show orders with both laptops and tablets', expect: 'decline' }, { schema: 'library', question: 'List the loans of both Novel and Science Fiction books', expect: 'decline' },
    // Two counts of values of different fields are not one breakdown.
    { schema: 'shop', question: 'How many orders are laptops and how many are from Boston?', expect: 'decline' }],
  startsFrom: ['chunk:value'],
  read(draft) {
    const { chunks } = draft.state;
    let negateFrom = -1; // index of a pending negation keyword
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i]!;
      if (draft.used(i)) continue;
      if (keywordKind(chunk, 'negate') !== undefined) {
        // "not cats", "do not own cats": a verb may stand between the negation and the values.
        let next = nextMeaningful(draft.state, i);
        if (next >= 0 && chunks[next]!.kind === 'unknown') next = nextMeaningful(draft.state, next);
        if (next >= 0 && chunks[next]!.kind === 'value') negateFrom = i;
        continue;
      }
      if (chunk.kind !== 'value') continue;
      const negate = negateFrom >= 0;
      const bothAt = previousMeaningful(draft.state, i);
      const both = !negate && bothAt >= 0 && keywordKind(chunks[bothAt], 'both') !== undefined;
      const asked = keywordKind(chunks[i - 1], 'list');
      const marks: Contribution[] = [];
      if (asked !== undefined && isIn(WH_WORDS, chunks[i - 1]!.text) && !chunk.text.endsWith('s')) marks.push({ kind: 'mark', mark: 'singular', value: true });
      const used = negate ? [negateFrom, i] : both ? [bothAt, i] : [i];
      const group: ValueChunk[] = [chunk];
      let joinedByAnd = false;
      // Collect "A and B", "A or B", "A, B" lists of values of the same field.
      let j = i + 1;
      while (j + 1 < chunks.length && !draft.used(j) && !draft.used(j + 1)) {
        const joiner = chunks[j]!;
        // "how many were completed and how many were cancelled": each value counted on its own.
        const next = secondCount(draft, j);
        if (next !== undefined) {
          marks.push({ kind: 'mark', mark: 'versus', value: true });
          group.push(chunks[next] as ValueChunk);
          for (let k = j; k <= next; k++) used.push(k);
          j = next + 1;
          continue;
        }
        const versus = keywordKind(joiner, 'versus') !== undefined;
        const isJoiner = keywordKind(joiner, 'and') !== undefined || joiner.text === 'or' || versus;
        const following = chunks[j + 1]!;
        if (!isJoiner || following.kind !== 'value') break;
        if (versus) marks.push({ kind: 'mark', mark: 'versus', value: true });
        if (keywordKind(joiner, 'and') !== undefined) joinedByAnd = true;
        group.push(following);
        used.push(j, j + 1);
        j += 2;
      }
      // "the category Laptop" / "Laptop category": an adjacent field name confirms the value's field.
      const named = new Set<string>();
      for (const k of [i - 1, j]) {
        const near = chunks[k];
        if (near !== undefined && near.kind === 'lex' && !draft.used(k)) {
          for (const ref of fieldEntries(near.entries)) named.add(`${ref.entity}.${ref.field}`);
          if (group[0]!.matches.some((m) => named.has(`${m.entity}.${m.field}`))) used.push(k);
          else named.clear();
        }
      }
      const role = roleBefore(draft, i, group);
      if (role !== undefined) {
        used.push(role.index);
        for (const key of role.fields) named.add(key);
      }
      // "AHD airport", "the airline United Airlines": the entity the values name, or point at, confirms them.
      const typed = typeNoun(draft, [i - 1, j].filter((k) => !used.includes(k)), group);
      if (typed !== undefined) used.push(typed);
      // "the most expensive hardware product": the noun the values describe says one row, as it would alone.
      const noun = typed === undefined ? undefined : chunks[typed];
      if (noun?.kind === 'lex' && !noun.plural && !marks.some((m) => m.kind === 'mark' && m.mark === 'singular')) marks.push({ kind: 'mark', mark: 'singular', value: true });
      draft.propose({
        covers: used,
        contributions: [...marks, ...valueContributions(group, negate, named, both && group.length > 1, joinedByAnd)],
        reason: `${group.map((c) => `"${c.text}"`).join(', ')} ${group.length > 1 ? 'are values' : 'is a value'} of the data${negate ? ', negated' : ''}`,
      });
      negateFrom = -1;
      i = j - 1;
    }
  },
});
