/**
 * "revenue by region", "units by month": an amount that flows (revenue, sales, quantities, tickets) broken
 * down with no aggregation word means its total; nobody asking that wants the average order's revenue per
 * region. Levels (prices, salaries, ages, scores, capacities) still get the clarifying question, because
 * "price by category" may well mean the average. Quantities held across rows at one time ("stock level by
 * category") add up too (lex/flow-names.ts). The default is said in the answer's "understood" list.
 */
import { isSummedAmount } from '../lex/flow-names';
import { isNumericField } from '../lex/lexicon';
import { AFTER_THE_QUESTION } from '../kernel/interpretation';
import { defineRule } from './define-rule';


export const defaultTotal = defineRule({
  name: 'measure.default-total',
  description: 'An amount that flows ("revenue", "units"), broken down with no aggregation word, is summed.',
  examples: [
    { schema: 'shop', question: 'Quantity by category', expect: 'aggregate orders: sum(orders.quantity) by products.category' },
    { schema: 'store', question: 'Stock level by category', expect: 'aggregate item: sum(item.stock_level) by item.category' },
  ],
  counterExamples: [
    { schema: 'shop', question: 'Price by category', expect: 'clarify' },
    { schema: 'store', question: 'Unit price by category', expect: 'clarify' },
  ],
  read(draft) {
    const at = draft.state;
    if (at.measures.length > 0 || at.pendingAggregation !== undefined || at.groups.length === 0) return;
    // "average monthly revenue" (a per-grain average) sums the amount per month, like its breakdown by month.
    if (at.ranking !== undefined || (at.perGroup !== undefined && at.perGroup.grain === undefined) || at.share || at.versus) return;
    const numeric = at.fieldMentions.filter((mention) => mention.fields.some((f) => isNumericField(at.lexicon.field(f))));
    if (numeric.length !== 1 || numeric[0]!.fields.length !== 1) return;
    const ref = numeric[0]!.fields[0]!;
    const field = at.lexicon.field(ref);
    if (!isSummedAmount(field.label.toLowerCase())) return;
    // Another entity named as the subject ("customers by revenue") is not a breakdown of this amount.
    if (at.subjects.some((s) => s.kind === 'entity' && s.entity !== ref.entity)) return;
    draft.propose({
      covers: [],
      contributions: [
        { kind: 'measure', measure: { kind: 'aggregate', aggregation: 'sum', fields: [ref] } },
        { kind: 'understood', at: AFTER_THE_QUESTION, text: `total ${field.label} (default)` },
      ],
      reason: `"${field.label}" flows, so its breakdown is its total`,
    });
  },
});
