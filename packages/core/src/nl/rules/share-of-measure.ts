/**
 * "tax as a share of revenue", "discount as a percentage of gross sales": one amount as a percentage of
 * another, over the same rows (a ratio times 100). The two sides are amounts the question names: a model
 * measure that adds up (a sum or a count), or a numeric column, summed. "What share of revenue comes from
 * laptops" (a part named by filters) is rules/share.ts; this rule runs first and takes only the "X as a
 * share of Y" order, where the part is itself an amount.
 */
import { fieldEntries, isNoise, keywordKind, measureEntries } from '../lex/chunk-queries';
import { isNumericField } from '../lex/lexicon';
import { nextMeaningful, type Interpretation } from '../kernel/interpretation';
import type { MeasureIntent } from '../intents';
import { defineRule } from './define-rule';

/** The amount one chunk names, summed: a measure that adds up, or numeric columns that are amounts. */
function amountOf(at: Interpretation, index: number): MeasureIntent | undefined {
  const chunk = at.chunks[index];
  if (chunk === undefined || chunk.kind !== 'lex' || at.claimed[index]) return undefined;
  const [measure] = measureEntries(chunk.entries);
  if (measure !== undefined) {
    const aggregation = at.lexicon.measure(measure.entity, measure.measure).aggregation;
    return aggregation === 'sum' || aggregation === 'count' ? { kind: 'model', ...measure } : undefined;
  }
  const fields = fieldEntries(chunk.entries).filter((ref) => {
    const field = at.lexicon.field(ref);
    return isNumericField(field) && field.role !== 'identifier' && field.format !== 'text' && field.format !== 'percent';
  });
  return fields.length > 0 && fields.length === fieldEntries(chunk.entries).length ? { kind: 'aggregate', aggregation: 'sum', fields } : undefined;
}

export const shareOfMeasure = defineRule({
  name: 'share.amount-of-amount',
  description: '"tax as a share of revenue": the first amount as a percentage of the second, both summed over the same rows.',
  examples: [
    { schema: 'store', question: 'Tax as a share of subtotal', expect: 'aggregate sale: ratio(sum(sale.tax) / sum(sale.subtotal)) %' },
    { schema: 'shop', question: 'Discount as a percentage of revenue', expect: 'aggregate orders: ratio(sum(orders.discount) / sum(orders.revenue)) %' },
  ],
  counterExamples: [{ schema: 'shop', question: 'What percentage of orders are for laptops?', expect: 'aggregate orders: share(order_count where products.category eq Laptop)' }],
  startsFrom: ['keyword:share'],
  read(draft) {
    const at = draft.state;
    const { chunks } = at;
    for (let i = 1; i < chunks.length; i++) {
      if (draft.used(i) || keywordKind(chunks[i], 'share') === undefined) continue;
      // "<amount> as a share of <amount>": only noise between the amount and the share word, "as" among it.
      let before = i - 1;
      while (before >= 0 && isNoise(chunks[before]) && !draft.used(before)) before--;
      const between = chunks.slice(before + 1, i);
      if (before < 0 || !between.some((c) => c.text === 'as')) continue;
      const after = nextMeaningful(at, i);
      const numerator = amountOf(at, before);
      const denominator = after < 0 ? undefined : amountOf(at, after);
      if (numerator === undefined || denominator === undefined) continue;
      const covers = Array.from({ length: i - before + 1 }, (_, k) => before + k);
      draft.propose({
        covers: [...covers, after],
        contributions: [{ kind: 'measure', measure: numerator }, { kind: 'measure', measure: denominator }, { kind: 'mark', mark: 'percentOf', value: true }],
        reason: `"${chunks[before]!.text}" as a percentage of "${chunks[after]!.text}"`,
      });
      return;
    }
  },
});
