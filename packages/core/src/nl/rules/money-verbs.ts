/**
 * "How much have our customers paid us", "the total amount customers have paid us", "how much has each customer
 * paid us in total": "how much" (or "total") asks for the money the verb after it names, with the verb's
 * subject between them. Without this rule "how much customers" read as a count of customers.
 *
 * Conservative on purpose: only the money of one entity's numeric field (nl/money-fields.ts), and the subject
 * named between them must be that entity or one its rows point at, by one path of at most two links
 * ("customers" of payments, of claims through their policies); anything else is left to the other rules.
 */
import { entityEntries, fieldEntries, isNoise, keywordKind } from '../lex/chunk-queries';
import { moneyFieldsOf } from '../money-fields';
import type { FieldRef } from '../../plan/query-plan';
import type { Lexicon } from '../lex/lexicon';
import type { Chunk } from '../lex/segment';
import { phraseKey } from '../lex/stem';
import { defineRule } from './define-rule';

/** Words that say how money was paid before the breakdown that names the means ("through each payment method"). */
const MEANS_WORDS = new Set(['through', 'via']);

/**
 * "paid by" read as the pay-by phrase of `payment_method_code` (semantic/payment-verbs.ts) in "how much have we
 * been paid by each payment method": the verb alone names the money ("paid": `amount_payment`), and the
 * breakdown after it names the means.
 */
function verbBeforeMeans(lexicon: Lexicon, chunk: Chunk): FieldRef[] | undefined {
  const words = chunk.text.toLowerCase().split(' ');
  if (chunk.kind !== 'lex' || words.length !== 2 || !['by', 'with', 'through'].includes(words[1]!)) return undefined;
  const entries = lexicon.phrases.get(phraseKey(words[0]!));
  return entries === undefined ? undefined : moneyFieldsOf(lexicon, { ...chunk, entries, text: words[0]! });
}

export const moneyVerb = defineRule({
  name: 'measure.money-verb',
  description: '"how much have our customers paid us": "how much" or "total" and the money the verb after it names, past the verb\'s subject.',
  examples: [
    { schema: 'company', question: 'How much have our customers paid us in total?', expect: 'aggregate customer_payment: sum(customer_payment.amount_payment)' },
    { schema: 'company', question: "What's the total amount customers have paid us?", expect: 'aggregate customer_payment: sum(customer_payment.amount_payment)' },
    { schema: 'company', question: 'How much have we been paid through each customer?', expect: 'aggregate customer_payment: sum(customer_payment.amount_payment) by customer.name' },
  ],
  counterExamples: [
    // "paid" names no money on this schema: never a count of stores.
    { schema: 'regions', question: 'How much have our stores paid us?', expect: 'decline' },
    // A number of customers is not money: "how many" stays a count.
    { schema: 'company', question: 'How many customers have paid us?', expect: 'decline' },
  ],
  startsFrom: ['keyword:aggregate'],
  read(draft) {
    const at = draft.state;
    const { chunks, lexicon } = at;
    for (let i = 0; i < chunks.length; i++) {
      const aggregate = keywordKind(chunks[i], 'aggregate');
      if (draft.used(i) || aggregate === undefined || (aggregate.aggregation !== 'howmuch' && aggregate.aggregation !== 'sum')) continue;
      let subject: number | undefined;
      for (let j = i + 1; j < chunks.length; j++) {
        const chunk = chunks[j]!;
        // Noise ("have", "we", "amount") and what an earlier rule read ("each customer") stand between them.
        if (isNoise(chunk) || (draft.used(j) && subject === undefined && chunk.kind !== 'lex')) continue;
        if (draft.used(j) && chunk.kind === 'lex') {
          if (entityEntries(chunk.entries).length === 0) break;
          continue;
        }
        if (subject === undefined && chunk.kind === 'lex' && entityEntries(chunk.entries).length > 0 && fieldEntries(chunk.entries).length === 0) {
          subject = j;
          continue;
        }
        const money = moneyFieldsOf(lexicon, chunk) ?? verbBeforeMeans(lexicon, chunk);
        if (money === undefined) break;
        const owner = money[0]!.entity;
        const named = subject === undefined ? [] : entityEntries((chunks[subject] as Extract<typeof chunk, { kind: 'lex' }>).entries);
        const near = (entity: string): boolean => {
          const reach = lexicon.reach(owner, entity);
          return entity === owner || (reach !== undefined && !reach.ambiguous && reach.hops <= 2);
        };
        if (subject !== undefined && !named.some(near)) break;
        // "how much paid" with nothing between is the aggregation word's own reading (rules/aggregations.ts).
        if (subject === undefined && j === i + 1) break;
        // "paid through each payment method": the means the breakdown names.
        let k = j + 1;
        while (isNoise(chunks[k]) && !draft.used(k)) k++;
        const through = chunks[k];
        const means = through !== undefined && !draft.used(k) && MEANS_WORDS.has(through.text.toLowerCase()) && keywordKind(chunks[k + 1], 'group') !== undefined ? [k] : [];
        draft.propose({
          covers: [i, ...(subject === undefined ? [] : [subject]), j, ...means],
          contributions: [{ kind: 'measure', measure: { kind: 'aggregate', aggregation: 'sum', fields: money } }],
          reason: `"${chunks[i]!.text}" asks for the money "${chunk.text}" names${subject === undefined ? '' : `, ${chunks[subject]!.text}'s`}`,
        });
        break;
      }
    }
  },
});
