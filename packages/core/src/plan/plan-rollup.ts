/**
 * One reading of the two IR fields that say "an aggregate of a grouped aggregate": `rollup` (any
 * aggregation, over a field or a date field cut to a grain) and the older `averageOver` (an average over a
 * plain field, which stored plans still hold). Every later step (compile, describe, compare) reads the
 * rollup through here, so the two can never mean different things.
 */
import type { AggregatePlan, Rollup, TimeGrain } from './query-plan';

export function planRollup(plan: Pick<AggregatePlan, 'rollup' | 'averageOver'>): Rollup | undefined {
  if (plan.rollup !== undefined) return plan.rollup;
  if (plan.averageOver !== undefined) return { aggregation: 'avg', over: { field: plan.averageOver } };
  return undefined;
}

/** What one group of a grain is, for labels: "month" for "average revenue per month". */
export const grainNoun: Record<TimeGrain, { singular: string; plural: string }> = {
  day: { singular: 'day', plural: 'days' },
  week: { singular: 'week', plural: 'weeks' },
  month: { singular: 'month', plural: 'months' },
  quarter: { singular: 'quarter', plural: 'quarters' },
  year: { singular: 'year', plural: 'years' },
};
