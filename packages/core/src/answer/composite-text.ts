/**
 * Single-figure messages for the composite shapes, where the generic "<label> was <value>" reads badly:
 *   share:       "Laptop accounts for 38.2% of revenue last month."
 *   averageOver: "On average, 4.3 orders per customer in 2025." / "On average, revenue of $1,234 per customer in 2025."
 *   rollup:      the same, led by its aggregation: "At the most, 41 orders per day last month."
 * Ratios read well generically ("Revenue per customer was $1,234.56 in 2025.") and are not handled here.
 */
import { measureNumber, proseValue, type MeasureColumn, type ResultRow, type ShapeContext } from './shape-context';
import { phrase } from './text-utils';
import type { RollupAggregation } from '../plan/query-plan';

/** How a sentence about an aggregate of per-group figures begins: "On average, 4.3 orders per customer". */
const rollupLead: Record<RollupAggregation, string> = { avg: 'On average', median: 'At the median', min: 'At the least', max: 'At the most', sum: 'In all' };

export function compositeSentence(ctx: ShapeContext, row: ResultRow, column: MeasureColumn): string | undefined {
  const { info } = column;
  const value = measureNumber(row, column);
  if (value === null) return undefined;
  const { filters, period } = ctx.description;
  if (info.share !== undefined) {
    const { subject, plural, of } = info.share;
    return `${phrase(`${subject} ${plural ? 'account' : 'accounts'} for ${proseValue(ctx, value, info)} of ${of}`, ...filters, period)}.`;
  }
  if (info.perGroup !== undefined) {
    const { noun, of, aggregation } = info.perGroup;
    const amount = of.countNoun ? `${proseValue(ctx, value, info)} ${value === 1 ? of.countNoun.singular : of.countNoun.plural}` : `${of.label} of ${proseValue(ctx, value, info)}`;
    return `${phrase(`${rollupLead[aggregation]}, ${amount} per ${noun.singular}`, ...filters, period)}.`;
  }
  return undefined;
}
