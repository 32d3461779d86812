/**
 * Which answer type a result gets, by the spec's rules (interface.md 4.4): a single figure -> text, a
 * breakdown over categories -> bar chart, a series over time -> line chart, a ranking or a list -> table.
 * Two dimensions or several measures do not fit one chart series, so they are tables too.
 */
import { assertNever, type AggregatePlan, type QueryPlan } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { planMeasureInfo } from './measure-info';
import { dimensionInfo } from './resolve-refs';

export type AnswerShape = 'text' | 'bar' | 'line' | 'table';

/** "Top 5 customers by spend": ordered by a measure and cut to N rows. */
export function isRanking(plan: AggregatePlan): boolean {
  return plan.limit !== undefined && plan.dimensions.length > 0 && plan.orderBy[0]?.target === 'measure';
}

/**
 * Exactly one dimension and one numeric measure (a MIN of a date cannot be drawn as a bar), and no
 * compared periods: one series cannot hold a figure per period and category.
 */
function chartable(plan: AggregatePlan, model: SemanticModel): boolean {
  const [measure] = plan.measures;
  if (plan.comparePeriods !== undefined || plan.dimensions.length !== 1 || plan.measures.length !== 1 || measure === undefined) return false;
  return planMeasureInfo(model, plan, measure).cell.kind === 'number';
}

/**
 * "This month vs last month": one measure and no dimension reads best as one sentence with the change;
 * anything larger (several measures, a breakdown) is a small table with a Period column.
 */
function periodsShape(plan: AggregatePlan): AnswerShape {
  return plan.presentation !== 'table' && plan.measures.length === 1 && plan.dimensions.length === 0 ? 'text' : 'table';
}

function autoShape(plan: AggregatePlan, model: SemanticModel, rowCount: number): AnswerShape {
  if (plan.comparePeriods !== undefined) return periodsShape(plan);
  const [dimension] = plan.dimensions;
  if (dimension === undefined) return rowCount <= 1 ? 'text' : 'table';
  if (!chartable(plan, model) || isRanking(plan)) return 'table';
  if (dimensionInfo(model, dimension).grain === undefined) return 'bar';
  // One point of a series is a figure, not a line: "revenue was $541,439 in October 2026".
  return rowCount === 1 ? 'text' : 'line';
}

/**
 * The plan's `presentation` wins when the result can be shown that way: a table always can, a chart
 * needs exactly one dimension and one measure, text needs a single row. Otherwise the automatic choice.
 */
export function chooseShape(plan: QueryPlan, model: SemanticModel, rowCount: number): AnswerShape {
  const wanted = plan.presentation;
  switch (plan.kind) {
    case 'list':
      return wanted === 'text' && rowCount === 1 ? 'text' : 'table';
    case 'aggregate':
      switch (wanted) {
        case 'table':
          return 'table';
        case 'text':
          return rowCount === 1 && plan.comparePeriods === undefined ? 'text' : autoShape(plan, model, rowCount);
        case 'bar':
        case 'line':
          return chartable(plan, model) ? wanted : autoShape(plan, model, rowCount);
        case 'auto':
          return autoShape(plan, model, rowCount);
        default:
          return assertNever(wanted, 'presentation');
      }
    default:
      return assertNever(plan, 'plan');
  }
}
