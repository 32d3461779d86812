/**
 * Business reading "money.row-size": the size of a row that records money changing hands is its money. "The three
 * largest claims", "the average claim size", "the biggest discount coupons" are about `amount_claimed` and
 * `coupon_amount`. The field gets the synonym "size", which the size adjectives measure (WordNet: large, big,
 * small), so "largest" sorts by it and "claim size" names it; and "<row> amount" ("the average invoice amount"
 * is `invoices.total`).
 *
 * Conservative on purpose:
 * - only a number column whose name says it is the row's whole amount ("amount", "total", "value"): never a
 *   price, a rate, a cost or a salary (a big product is not an expensive one, a big employee not a well-paid one);
 * - one such column per table, or, of several, the one whose participle names the table's own event
 *   (`amount_claimed` of claims, next to `amount_settled`);
 * - never where a column or a table is already named "size".
 */
import { humanize, singularize, splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import { AMOUNT_WORD, ROW_MONEY_WORDS, SIZE_WORD } from '../vocabulary/money-verbs';
import type { BusinessReading } from './business-reading';

type EntityInput = ModelFileInput['entities'][string];

const participleStems = (words: readonly string[]): string[] => words.filter((word) => word.length > 4 && word.endsWith('ed')).flatMap((word) => [word.slice(0, -2), word.slice(0, -1)]);

export function addMoneySize(entities: Record<string, EntityInput>): BusinessReading[] {
  const named = Object.entries(entities).some(([key, entity]) => splitWords(entity.table ?? key).includes(SIZE_WORD) || Object.entries(entity.fields).some(([name, f]) => splitWords(f.column ?? name).includes(SIZE_WORD)));
  if (named) return [];
  const readings: BusinessReading[] = [];
  for (const [entityKey, entity] of Object.entries(entities)) {
    const amounts = Object.entries(entity.fields).filter(([key, f]) => {
      const words = splitWords(f.column ?? key);
      return f.hidden !== true && (f.type === 'number' || f.type === 'integer') && f.role !== 'identifier' && f.format !== 'text' && words.at(-1) !== 'id' && words.some((word) => ROW_MONEY_WORDS.has(word));
    });
    const tableNoun = singularize(splitWords(entity.table ?? entityKey).at(-1) ?? '');
    const own = amounts.length === 1 ? amounts : amounts.filter(([key, f]) => participleStems(splitWords(f.column ?? key)).includes(tableNoun));
    if (own.length !== 1) continue;
    const [key, field] = own[0]!;
    // "the average invoice amount": the row's own noun with "amount" names it too, where its name is not that already.
    const noun = (entity.label ?? singularize(humanize(entityKey))).toLowerCase();
    const amount = `${noun} ${AMOUNT_WORD}`;
    const words = splitWords(field.column ?? key).join(' ') === amount || (field.synonyms ?? []).includes(amount) ? [SIZE_WORD] : [SIZE_WORD, amount];
    field.synonyms = [...(field.synonyms ?? []), ...words];
    const evidence = amounts.length === 1 ? `the only amount of money each ${tableNoun} records` : `of ${amounts.length} amounts, the one its name says a ${tableNoun} is about`;
    readings.push({ rule: 'money.row-size', entity: entityKey, field: key, words, evidence, confidence: 0.8 });
  }
  return readings;
}
