/**
 * Number comparisons: "a greater weight than 10", "over $500", "above age 20", "at least 3 flights"
 * (related rows counted), "between 10 and 20", "3 or more", "$100 or less", and exact amounts ("5 stars",
 * "a rating of 5", "aged 32 or 33", "whose age is 32", "aren't 5 stars").
 */
import type { FieldRef } from '../../plan/query-plan';
import type { CompareOp, FilterIntent } from '../intents';
import { keywordKind } from '../lex/chunk-queries';
import { previousMeaningful } from '../kernel/interpretation';
import { defineRule } from './define-rule';
import { rowsBeforeMoney } from '../money-fields';
import type { Draft } from '../kernel/draft';
import { type Amount, countedEntity, fieldBefore, fieldNamedBefore, numericFields, orAlternatives, readAmount } from './number-phrases';

type CompareIntent = Extract<FilterIntent, { kind: 'compare' }>;
type CountIntent = Extract<FilterIntent, { kind: 'count' }>;

function textOf(draft: Draft, covers: readonly number[]): string {
  return covers.map((i) => draft.state.chunks[i]!.text).join(' ').replace(/\$ (?=\d)/g, '$');
}

function sorted(used: readonly number[]): number[] {
  return [...new Set(used)].sort((a, b) => a - b);
}

function proposeCompare(draft: Draft, intent: Omit<CompareIntent, 'text'>, used: readonly number[], reason: string): void {
  const covers = sorted(used);
  const text = textOf(draft, covers);
  draft.propose({ covers, contributions: [{ kind: 'filter', filter: { ...intent, text } }], reason, phrase: text });
}

function proposeCount(draft: Draft, intent: Omit<CountIntent, 'text'>, used: readonly number[], reason: string): void {
  const covers = sorted(used);
  const text = textOf(draft, covers);
  draft.propose({ covers, contributions: [{ kind: 'filter', filter: { ...intent, text } }], reason, phrase: text });
}

const bounds = (a: number, b: number): [number, number] => (a <= b ? [a, b] : [b, a]);

/** Comparatives that open a comparison split around its field: "a greater weight than 10". */
const SPLIT_COMPARATIVES: ReadonlyMap<string, 'gt' | 'lt'> = new Map([
  ['greater', 'gt'],
  ['higher', 'gt'],
  ['larger', 'gt'],
  ['bigger', 'gt'],
  ['lower', 'lt'],
  ['smaller', 'lt'],
]);

export const splitComparative = defineRule({
  name: 'compare.split-comparative',
  description: '"a greater weight than 10", "a lower price than 100": comparative, numeric field, "than", amount.',
  examples: [{ schema: 'pets', question: 'Which pets have a greater weight than 10?', expect: 'list pet: pet.pet_id, pet.pet_type, pet.pet_age, pet.weight where pet.weight gt 10' }],
  counterExamples: [{ schema: 'pets', question: 'Which pets have a greater weight than the average?', expect: 'decline' }],
  startsFrom: ['chunk:number'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i)) continue;
      const op = SPLIT_COMPARATIVES.get(chunks[i]!.text);
      if (op === undefined || draft.used(i + 1) || chunks[i + 2]?.text !== 'than') continue;
      const fields = numericFields(draft, chunks[i + 1]);
      const amount = fields.length > 0 ? readAmount(draft, i + 3) : undefined;
      if (amount === undefined || amount.fields.length > 0 || amount.counted !== undefined) continue;
      proposeCompare(draft, { kind: 'compare', op, value: amount.value, money: amount.money, fields }, [i, i + 1, i + 2, ...amount.used], `"${chunks[i]!.text} ${chunks[i + 1]!.text} than" compares that field`);
    }
  },
});

export const keywordComparison = defineRule({
  name: 'compare.keyword',
  description: '"over $500", "above age 20", "price at least 4", "with at least 10 flights": a comparison word and an amount, on the field named beside them, or on the number of related rows.',
  examples: [
    { schema: 'shop', question: 'Products with a price over 100', expect: 'aggregate products: product_count where products.price gt 100' },
    { schema: 'flights', question: 'Which airlines have at least 2 flights?', expect: 'list airline: airline.name, airline.abbreviation where airline.airline_id related flight.airline_id count gte 2' },
    // "2 payments" next to an amount of payment counts payments (number-phrases.ts, unitFields).
    { schema: 'company', question: 'Which customers have more than 2 payments?', expect: 'list customer: customer.name, customer.country, employee.full_name where customer.customer_id related customer_payment.customer_id count gt 2' },
    { schema: 'firm', question: 'Which clients have more than 2 charges?', expect: 'list client: client.client_name, staff.full_name where client.client_id related client_charge.client_id count gt 2' },
  ],
  counterExamples: [
    { schema: 'shop', question: 'Orders after March 2026', expect: 'aggregate orders: order_count time order_date 2026-04-01..…' },
    // An amount after the rows' name still compares the amount.
    { schema: 'company', question: 'Which customers have payments over 50?', expect: 'list customer: customer.name, customer.country, employee.full_name where customer.customer_id related customer_payment.customer_id [customer_payment.amount_payment gt 50] count gt 0' },
    // "Fewer than 1" is none, and says so.
    { schema: 'firm', question: 'How many staff have fewer than 1 client?', expect: 'aggregate staff: staff_count where staff.staff_id related client.account_manager_id count lt 1' },
    // A lower bound alone stays as it was said.
    { schema: 'firm', question: 'Which staff have at least 2 clients?', expect: 'list staff: staff.full_name, staff.given_name, staff.family_name, staff.job_title where staff.staff_id related client.account_manager_id count gte 2' },
  ],
  startsFrom: ['keyword:compare'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i)) continue;
      const compare = keywordKind(chunks[i], 'compare');
      if (compare === undefined) continue;
      // "above age 20", "below capacity 5000": the field between the comparison and the number.
      const named = numericFields(draft, chunks[i + 1]);
      const namedAmount = named.length > 0 && !draft.used(i + 1) ? readAmount(draft, i + 2) : undefined;
      if (namedAmount !== undefined && namedAmount.fields.length === 0 && namedAmount.counted === undefined) {
        proposeCompare(draft, { kind: 'compare', op: compare.op, value: namedAmount.value, money: namedAmount.money, fields: named }, [i, i + 1, ...namedAmount.used], 'a comparison, the field, then the amount');
        continue;
      }
      const amount = readAmount(draft, i + 1);
      if (amount === undefined) continue;
      if (amount.counted !== undefined) {
        proposeCount(draft, { kind: 'count', entity: amount.counted, op: compare.op, value: amount.value }, [i, ...amount.used], 'a comparison and a number of related rows');
        continue;
      }
      const before = amount.fields.length === 0 ? fieldBefore(draft, i) : undefined;
      const fields = amount.fields.length > 0 ? amount.fields : (before?.fields ?? []);
      proposeCompare(draft, { kind: 'compare', op: compare.op, value: amount.value, money: amount.money, fields }, [...(before === undefined ? [] : [before.index]), i, ...amount.used], amount.fields.length > 0 ? 'a comparison and an amount with its unit' : before !== undefined ? 'the field named before a comparison and an amount' : 'a comparison and an amount (the field decided later)');
    }
  },
});

export const betweenComparison = defineRule({
  name: 'compare.between',
  description: '"between 10 and 20", "between 3 and 5 flights": a range on the field named beside it, or on the number of related rows.',
  examples: [
    { schema: 'shop', question: 'Products with a price between 10 and 20', expect: 'aggregate products: product_count where products.price between 10..20' },
    // A minus before a number is its sign: "between -50 and 50" is not "between 50 and 50".
    { schema: 'shop', question: 'How many orders have a discount between -50 and 50?', expect: 'aggregate orders: order_count where orders.discount between -50..50' },
    { schema: 'world', question: 'How many countries have a population between -5 and 1000000?', expect: 'aggregate country: country_count where country.population between -5..1000000' },
    // A range of related rows says whether the rows with none count: "between 1 and 2" leaves them out.
    { schema: 'firm', question: 'Which staff have between 1 and 2 clients?', expect: 'list staff: staff.full_name, staff.given_name, staff.family_name, staff.job_title where staff.staff_id related client.account_manager_id count gte 1 and staff.staff_id related client.account_manager_id count lte 2' },
  ],
  counterExamples: [{ schema: 'shop', question: 'Orders between January and March 2026', expect: 'aggregate orders: order_count time order_date 2026-01-01..2026-04-01' }],
  startsFrom: ['keyword:between'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i) || keywordKind(chunks[i], 'between') === undefined) continue;
      const low = readAmount(draft, i + 1);
      if (low === undefined) continue;
      const andIndex = Math.max(...low.used) + 1;
      if (keywordKind(chunks[andIndex], 'and') === undefined) continue;
      const high = readAmount(draft, andIndex + 1);
      if (high === undefined) continue;
      const [lo, hi] = bounds(low.value, high.value);
      if (high.counted !== undefined && low.fields.length === 0) {
        proposeCount(draft, { kind: 'count', entity: high.counted, op: 'between', value: lo, high: hi }, [i, ...low.used, andIndex, ...high.used], 'a range of the number of related rows');
        continue;
      }
      const before = low.fields.length === 0 && high.fields.length === 0 ? fieldBefore(draft, i) : undefined;
      const fields = high.fields.length > 0 ? high.fields : low.fields.length > 0 ? low.fields : (before?.fields ?? []);
      proposeCompare(draft, { kind: 'compare', op: 'between', value: lo, high: hi, money: low.money || high.money, fields }, [...(before === undefined ? [] : [before.index]), i, ...low.used, andIndex, ...high.used], 'a range between two amounts');
    }
  },
});

/** "3 or more items", "$100 or less": an amount then a comparison word. */
function amountThenComparison(draft: Draft, i: number, amount: Amount, op: CompareOp, postIndex: number): void {
  const { chunks } = draft.state;
  const counted = amount.counted ?? (amount.fields.length === 0 ? countedEntity(draft, postIndex + 1)?.entity : undefined);
  if (counted !== undefined) {
    const tail = amount.counted === undefined ? (countedEntity(draft, postIndex + 1)?.used ?? []) : [];
    proposeCount(draft, { kind: 'count', entity: counted, op, value: amount.value }, [...amount.used, postIndex, ...tail], 'an amount, "or more/less" and a number of related rows');
    return;
  }
  const unit = numericFields(draft, chunks[postIndex + 1]);
  const before = amount.fields.length === 0 && unit.length === 0 ? fieldBefore(draft, i) : undefined;
  const fields = amount.fields.length > 0 ? amount.fields : unit.length > 0 ? unit : (before?.fields ?? []);
  proposeCompare(draft, { kind: 'compare', op, value: amount.value, money: amount.money, fields }, [...(before === undefined ? [] : [before.index]), ...amount.used, postIndex, ...(unit.length > 0 ? [postIndex + 1] : [])], 'an amount then "or more/less"');
}

/**
 * "5 stars", "1 star reviews", "a rating of 5", "aren't 5 stars": a whole number with a numeric field of its
 * own (after it, or before it with "of") is that value; a negation just before makes it "not".
 */
function exactAmount(draft: Draft, index: number, amount: Amount): void {
  const { chunks } = draft.state;
  const chunk = chunks[index];
  if (amount.money || chunk?.kind !== 'number' || !Number.isInteger(chunk.value)) return;
  // "which three customers owe us the most": the number counts the customers, it is not what they owe.
  if (rowsBeforeMoney(draft.state.lexicon, chunks[index + 1])) return;
  let fields: FieldRef[] = amount.fields;
  const used = [...amount.used];
  if (fields.length === 0 && chunks[index - 1]?.text === 'of') {
    const owner = numericFields(draft, chunks[index - 2]);
    if (owner.length > 0 && !draft.used(index - 2)) {
      fields = owner;
      used.push(index - 2, index - 1);
    }
  }
  let alternatives: number[] = [];
  // "lowest rated 3 products": a number before the thing it counts is how many, not a value.
  if (fields.length === 0 && amount.counted === undefined) {
    const named = fieldNamedBefore(draft, index);
    if (named === undefined) return;
    fields = named.fields;
    used.push(...named.used);
    const more = orAlternatives(draft, index);
    alternatives = more.values;
    used.push(...more.used);
  }
  if (fields.length === 0) return;
  const before = previousMeaningful(draft.state, Math.min(...used));
  const negate = before >= 0 && keywordKind(chunks[before], 'negate') !== undefined;
  if (negate) used.push(before);
  proposeCompare(draft, { kind: 'compare', op: negate ? 'neq' : 'eq', value: chunk.value, money: false, fields, ...(alternatives.length > 0 ? { alternatives } : {}) }, used, 'a whole number with its numeric field is that value');
}

export const numberFirstComparison = defineRule({
  name: 'compare.number-first',
  description: '"3 or more", "$100 or less", "5 stars", "a rating of 5", "aged 32 or 33": an amount read from the number itself.',
  examples: [{ schema: 'music', question: 'Which singers are aged 32 or 33?', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male where singer.age in 32|33' }, { schema: 'shop', question: 'Orders with 3 or more quantity', expect: 'aggregate orders: order_count where orders.quantity gte 3' }],
  counterExamples: [
    { schema: 'music', question: 'What are the names of the 2 oldest singers?', expect: 'list singer: singer.name, singer.age order singer.age desc limit 2' },
    // "customers owe" (amount_outstanding, semantic/money-verbs.ts): three of the customers, not an amount of 3.
    { schema: 'ledger', question: 'Which three customers owe us the most?', expect: 'list customer: customer.full_name, customer.first_name, customer.last_name, customer.amount_outstanding order customer.amount_outstanding desc limit 3' },
  ],
  startsFrom: ['chunk:number', 'keyword:money'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i)) continue;
      if (chunks[i]?.kind !== 'number' && keywordKind(chunks[i], 'money') === undefined) continue;
      // The split comparative reads "greater weight than 10" with the number; a number it left stands alone.
      const amount = readAmount(draft, i);
      if (amount === undefined) continue;
      const postIndex = Math.max(...amount.used) + 1;
      const post = keywordKind(chunks[postIndex], 'compare-post');
      if (post === undefined) exactAmount(draft, i, amount);
      else amountThenComparison(draft, i, amount, post.op, postIndex);
    }
  },
});
