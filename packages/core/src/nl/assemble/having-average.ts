/**
 * "customers who spent more than the average customer" (rules/versus-average-group.ts): the one figure
 * per group kept where it is above (or below) the average of that figure over every group. Anything the
 * plan would have to compare besides (two figures, no breakdown, a ranking or a rollup) is declined
 * rather than guessed.
 */
import type { AggregatePlan } from '../../plan/query-plan';
import type { Ctx } from './plan-context';

export function applyHavingAverage(ctx: Ctx, plan: AggregatePlan): void {
  const { reading } = ctx;
  if (!reading.aboveAverageGroup && !reading.belowAverageGroup) return;
  if (reading.aboveAverageGroup && reading.belowAverageGroup) {
    ctx.problems.push('above and below the average at once is not something I can answer');
    return;
  }
  const single = plan.measures.length === 1 && plan.measures[0]!.kind !== 'share' && plan.measures[0]!.kind !== 'percent_of_total';
  if (!single || plan.dimensions.length === 0 || plan.rollup !== undefined || plan.averageOver !== undefined || plan.limit !== undefined) {
    ctx.problems.push('a comparison with the average over the groups needs one figure per group, and nothing else');
    return;
  }
  // "customers above the average customer" counted as customers: one each, nothing to compare.
  if (plan.dimensions.some((d) => d.field.entity === plan.entity)) {
    ctx.problems.push('above the average of what? (e.g. "revenue of customers above the average customer")');
    return;
  }
  plan.having = [...plan.having, { measure: 0, op: reading.aboveAverageGroup ? 'gt' : 'lt', against: { aggregation: 'avg' } }];
}
