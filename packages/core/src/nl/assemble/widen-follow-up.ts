/**
 * The follow-up rule of time-widen-range.ts applied to plans: "and by month?" after a question about last
 * month keeps the question's other breakdown and shows the 12 months up to last month, not one point.
 * Only a follow-up that adds the grain widens; a question that asks for its own period keeps it.
 */
import type { QueryPlan } from '../../plan/query-plan';
import { widenToPoints } from '../../time/widen-range';

const sameRange = (a: QueryPlan['timeRange'], b: QueryPlan['timeRange']): boolean =>
  a !== undefined && b !== undefined && a.start === b.start && a.end === b.end && a.field.entity === b.field.entity && a.field.field === b.field.field;

export function widenFollowUp(plan: QueryPlan, previous: QueryPlan | undefined, timezone: string): QueryPlan {
  if (previous === undefined || plan.kind !== 'aggregate' || plan.comparePeriods !== undefined || !sameRange(plan.timeRange, previous.timeRange)) return plan;
  const range = plan.timeRange!;
  const before = new Set(previous.kind === 'aggregate' ? previous.dimensions.flatMap((d) => (d.grain === undefined ? [] : [d.grain])) : []);
  const added = plan.dimensions.find((d) => d.grain !== undefined && !before.has(d.grain) && d.field.entity === range.field.entity && d.field.field === range.field.field);
  if (added?.grain === undefined) return plan;
  const widened = widenToPoints(range, added.grain, timezone);
  return widened === undefined ? plan : { ...plan, timeRange: { ...range, ...widened } };
}
