/**
 * A verified plan's period labels, written by the engine from each period's own dates. A plan sent with
 * a verified question is the admin's to choose, its labels are not: a label is display text only (it
 * selects nothing), it reaches every caller of the question verbatim, and with `global: true` every
 * tenant. So labels are written again when a question is verified and again when it is answered (a plan
 * stored before this check included); a period traced to a date phrase is then relabelled from the phrase
 * as it reads that day (verified-periods.ts). Time ranges are the only free text in the plan IR besides
 * the filter values, which select rows and are checked as values (plan-text-values.ts).
 */
import { assertNever, type QueryPlan, type TimeRange } from '../plan/query-plan';
import { boundsLabel } from '../time/bounds-label';

export function withEngineLabels<P extends QueryPlan>(plan: P, timezone: string): P {
  const relabel = (range: TimeRange): TimeRange => ({ ...range, label: boundsLabel(range, timezone) });
  const timeRange = plan.timeRange ? { timeRange: relabel(plan.timeRange) } : {};
  switch (plan.kind) {
    case 'aggregate':
      return { ...plan, ...timeRange, ...(plan.comparePeriods ? { comparePeriods: plan.comparePeriods.map(relabel) } : {}) };
    case 'list':
      return { ...plan, ...timeRange };
    default:
      return assertNever(plan, 'plan kind');
  }
}
