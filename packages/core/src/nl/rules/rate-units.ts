/**
 * "Rooms that go for under $150 a night", "products that cost more than $30 a day": the time an amount of money
 * is charged for. The schema's rate already is per night or per day, so the words change nothing in the plan;
 * without this rule "night" is unexplained and the question declined. (Before a rate, "the nightly rate", the
 * words are the rate's own name: semantic/price-words.ts.)
 *
 * Conservative on purpose: only right after an amount with "a" or "per" between, and only where the amount is
 * money ("$150") or the question names a rate (a column named by a price word: price, cost, charge, fee, rate).
 */
import { fieldEntries, isNoise, keywordKind } from '../lex/chunk-queries';
import { isNumericField, type Lexicon } from '../lex/lexicon';
import type { Chunk } from '../lex/segment';
import { splitWords } from '../../semantic/humanize';
import { PRICE_WORDS, RATE_UNIT_NOUNS } from '../../vocabulary/money-verbs';
import { defineRule } from './define-rule';

/** A lex chunk naming only money rates: numeric fields whose column or label holds a price word. */
function namesRate(lexicon: Lexicon, chunk: Chunk | undefined): boolean {
  if (chunk === undefined || chunk.kind !== 'lex') return false;
  const fields = fieldEntries(chunk.entries);
  return (
    fields.length > 0 &&
    fields.length === chunk.entries.length &&
    fields.every((ref) => {
      const field = lexicon.field(ref);
      return isNumericField(field) && [...splitWords(field.column), ...field.label.toLowerCase().split(' ')].some((word) => PRICE_WORDS.includes(word as (typeof PRICE_WORDS)[number]));
    })
  );
}

export const rateUnit = defineRule({
  name: 'measure.rate-unit',
  description: '"rooms that go for under $150 a night": the time an amount of money is charged for, which the rate column already is.',
  examples: [
    { schema: 'shop', question: 'Which products cost more than $1000 a day?', expect: 'list products: products.name, products.category, products.brand, products.price, products.discontinued where products.price gt 1000' },
  ],
  counterExamples: [
    // No money: "a year" after an age is not what a rate is charged for.
    { schema: 'music', question: 'Which singers are older than 40 a year?', expect: 'decline' },
    { schema: 'music', question: 'Which stadiums hold more than 5000 a day?', expect: 'decline' },
  ],
  startsFrom: ['chunk:number'],
  read(draft) {
    const { chunks, lexicon } = draft.state;
    const rateNamed = chunks.some((chunk) => namesRate(lexicon, chunk));
    for (let i = 2; i < chunks.length; i++) {
      if (draft.used(i)) continue;
      const word = chunks[i]!.text.toLowerCase();
      // "$150 a night", "$30 a day to hire": the unit after an amount, with "a" or "per" between.
      const article = chunks[i - 1]!;
      const amount = chunks[i - 2]!;
      const money = amount.kind === 'number' && (keywordKind(chunks[i - 3], 'money') !== undefined || rateNamed);
      if (RATE_UNIT_NOUNS.has(word) && ['a', 'per', 'an'].includes(article.text.toLowerCase()) && money) {
        const covers = isNoise(article) || draft.used(i - 1) ? [i] : [i - 1, i];
        // "$30 a day to hire" where the rate is `daily_hire_cost`: the verb is a word of the rate's own name.
        const to = chunks[i + 1];
        const verb = chunks[i + 2];
        const rateWords = new Set(chunks.flatMap((chunk) => (namesRate(lexicon, chunk) && chunk.kind === 'lex' ? fieldEntries(chunk.entries).flatMap((ref) => splitWords(lexicon.field(ref).column)) : [])));
        if (to?.text.toLowerCase() === 'to' && verb !== undefined && !draft.used(i + 2) && rateWords.has(verb.text.toLowerCase())) covers.push(i + 1, i + 2);
        draft.propose({ covers, contributions: [], reason: `"${article.text} ${word}" says what the amount is charged for` });
      }
    }
  },
});
