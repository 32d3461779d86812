/**
 * People ask for "revenue", "sales" or "spend" where a schema says `amount` or `order_total`: the money
 * each row records changing hands. When an introspected model has exactly one such column, those words
 * name it (as field synonyms, so the scaffolded model file shows them and its owner can change them).
 *
 * Conservative on purpose:
 * - only a currency column whose name says it is the whole of a row's money ("amount", "total",
 *   "subtotal"), never a price (per unit), a cost, a tax, a discount, a fee, a salary or a balance;
 * - only when there is one such column in the whole model: with `orders.amount` and `refunds.amount`,
 *   "revenue" could be either, so it stays unknown and the question is declined;
 * - never a word that a table or another column is already named by ("sales" on a schema with a sales
 *   table names the table).
 */
import { splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import { QUANTITY_WORDS, ROW_WORD, SALES_WORDS, UNIT_WORD, WHOLE_MONEY_WORDS } from '../vocabulary/sales-words';

type EntityInput = ModelFileInput['entities'][string];

export function addSalesWords(entities: Record<string, EntityInput>, tableNames: readonly string[]): void {
  const candidates: { entity: EntityInput; key: string }[] = [];
  const namedWords = new Set(tableNames.flatMap((name) => splitWords(name)));
  for (const entity of Object.values(entities)) {
    for (const [key, field] of Object.entries(entity.fields)) {
      const words = splitWords(field.column ?? key);
      for (const word of words) namedWords.add(word);
      if (field.format === 'currency' && field.hidden !== true && words.some((word) => WHOLE_MONEY_WORDS.has(word))) candidates.push({ entity, key });
    }
    for (const key of Object.keys(entity.measures ?? {})) for (const word of splitWords(key)) namedWords.add(word);
  }
  if (candidates.length !== 1) return;
  const { entity, key } = candidates[0]!;
  const field = entity.fields[key]!;
  if (!namedWords.has(ROW_WORD)) field.synonyms = [...(field.synonyms ?? []), ROW_WORD];
  // "units sold": the count of items the same rows record, when one column of theirs says so.
  const quantities = Object.entries(entity.fields).filter(([name, f]) => f.hidden !== true && (f.type === 'integer' || f.type === 'number') && splitWords(f.column ?? name).some((word) => QUANTITY_WORDS.has(word)));
  if (quantities.length === 1 && !namedWords.has(UNIT_WORD)) {
    const quantity = quantities[0]![1];
    quantity.synonyms = [...(quantity.synonyms ?? []), UNIT_WORD];
  }
  const [label, ...synonyms] = SALES_WORDS.filter((word) => !namedWords.has(word));
  if (label === undefined) return;
  const written = field.label ?? splitWords(field.column ?? key).join(' ');
  entity.measures = {
    ...entity.measures,
    [label]: { label, description: `the sum of ${written}: what "${SALES_WORDS.join('", "')}" mean when the schema has one such column`, aggregation: 'sum', expression: key, format: 'currency', synonyms },
  };
}
