/**
 * The restatement of a plan that messages and titles are built from: what was measured, which filters,
 * which period, grouped how. Every answer message states the filters and the period, so a reader can
 * tell that "1,284 orders" means Laptop orders last month and not all orders ever.
 */
import { assertNever, type QueryPlan, type TimeRange } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { type AsOf, partialPeriodNote } from '../time/partial-period';
import { describeFilters } from './describe-filter';
import { describeHaving } from './describe-having';
import { periodPhrase, periodTitle, withPartialNote } from './describe-period';
import { planMeasureInfo } from './measure-info';
import { dimensionInfo, entityOf } from './resolve-refs';
import { joinList, phrase } from './text-utils';

export interface PlanDescription {
  /** Lower-case measure labels in plan order ("revenue", "number of orders"); empty for list plans. */
  measures: string[];
  /** What the answer is about: "revenue", "revenue and number of orders", or "orders" for a list. */
  subject: string;
  /** One phrase per filter, in plan order: "in Laptop", "over $500". */
  filters: string[];
  /**
   * The period as it fits after a clause: "last month", "in 2025", "over the last 12 months"; compared
   * periods read "this month vs last month". A period still running says so: "this month (March 2026
   * so far, 19 of 31 days)".
   */
  period?: string;
  /** The period bare, for titles: "last month", "2025", "last 12 months". */
  periodTitle?: string;
  /** One phrase per condition on the groups: "with revenue above the average over all customers". */
  having?: string[];
  /** "by category", "by category and month"; undefined without dimensions. */
  grouping?: string;
  /** All of it in one phrase: "revenue by category in Laptop over $500 last month". */
  text: string;
}

/** How one period reads in a message and in a title, with the partial-period note when `asOf` is known. */
export function describeTimeRange(range: TimeRange, asOf?: AsOf): { phrase: string; title: string } {
  const note = asOf === undefined ? undefined : partialPeriodNote(range, asOf);
  return { phrase: withPartialNote(periodPhrase(range.label), note), title: withPartialNote(periodTitle(range.label), note) };
}

/** `asOf` (the instant and zone the question was asked in) lets a period still running say so. */
export function describePlan(plan: QueryPlan, model: SemanticModel, asOf?: AsOf): PlanDescription {
  const filters = describeFilters(plan.filters, model, plan.entity);
  const range = plan.timeRange === undefined ? undefined : describeTimeRange(plan.timeRange, asOf);
  let period = range?.phrase;
  let title = range?.title;
  switch (plan.kind) {
    case 'aggregate': {
      if (plan.comparePeriods) {
        const compared = plan.comparePeriods.map((p) => describeTimeRange(p, asOf));
        period = compared.map((p) => p.phrase).join(' vs ');
        title = compared.map((p) => p.title).join(' vs ');
      }
      // Share measures restate their own filters in their label: "share of revenue in Laptop".
      const measures = plan.measures.map((spec) => planMeasureInfo(model, plan, spec).label);
      const dims = plan.dimensions.map((dimension) => dimensionInfo(model, dimension).label);
      const grouping = dims.length === 0 ? undefined : `by ${joinList(dims)}`;
      const subject = joinList(measures);
      const having = plan.having.map((condition) => describeHaving(condition, plan, model));
      return { measures, subject, filters, period, periodTitle: title, grouping, ...(having.length > 0 ? { having } : {}), text: phrase(subject, grouping, ...filters, ...having, period) };
    }
    case 'list': {
      const subject = entityOf(model, plan.entity).plural;
      return { measures: [], subject, filters, period, periodTitle: title, text: phrase(subject, ...filters, period) };
    }
    default:
      return assertNever(plan, 'plan');
  }
}
