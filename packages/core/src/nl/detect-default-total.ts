/**
 * "revenue by region", "units by month": an amount that flows (revenue, sales, quantities, tickets) broken
 * down with no aggregation word means its total; nobody asking that wants the average order's revenue per
 * region. Levels (prices, salaries, ages, scores, capacities) still get the clarifying question, because
 * "price by category" may well mean the average. The default is said in the answer's "understood" list.
 */
import { isNumericField } from './lex/lexicon';
import type { Reading } from './reading';

/** Labels of amounts whose sum over rows is what a breakdown of them means. */
const FLOWS = /(^| )(revenue|sales|amount|amounts|spend|spent|income|profit|turnover|takings|quantity|qty|units?|tickets?|tax|taxes|discount|goals|killed|injured|deaths|total)( |$)/;

export function detectDefaultTotal(reading: Reading): void {
  if (reading.measures.length > 0 || reading.pendingAggregation !== undefined || reading.groups.length === 0) return;
  if (reading.ranking !== undefined || reading.perGroup !== undefined || reading.share || reading.versus) return;
  const numeric = reading.fieldMentions.filter((mention) => mention.some((f) => isNumericField(reading.lexicon.field(f))));
  if (numeric.length !== 1 || numeric[0]!.length !== 1) return;
  const ref = numeric[0]![0]!;
  const field = reading.lexicon.field(ref);
  if (!FLOWS.test(field.label.toLowerCase())) return;
  // Another entity named as the subject ("customers by revenue") is not a breakdown of this amount.
  if (reading.subjects.some((s) => s.kind === 'entity' && s.entity !== ref.entity)) return;
  reading.measures.push({ kind: 'aggregate', aggregation: 'sum', fields: [ref] });
  reading.understood.push({ at: reading.chunks.length, text: `total ${field.label} (default)` });
}
