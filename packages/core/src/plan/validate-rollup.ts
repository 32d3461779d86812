/**
 * Checks for an aggregate of a grouped aggregate (`rollup`, and the older `averageOver`) and for the
 * percentages that are computed over a whole result (`percent_of_total`). A file of its own so the two new
 * forms' rules sit together; validate-aggregate.ts calls checkRollupAndTotals once.
 */
import type { ErrorIssue } from '../errors/core-error';
import type { ModelField } from '../semantic/semantic-model';
import type { DialectCapabilities } from './dialect-capabilities';
import { isTemporal } from './field-rules';
import type { AggregatePlan } from './query-plan';

export function checkRollupAndTotals(plan: AggregatePlan, fieldsAt: Map<string, ModelField>, dialect: DialectCapabilities | undefined, issues: ErrorIssue[]): void {
  checkRollup(plan, fieldsAt, dialect, issues);
  checkPercentOfTotal(plan, issues);
}

/**
 * The inner query groups by `over`: a date field needs a grain (each instant is no group anybody means), a
 * grain needs a date, and `over` must not be one of the plan's own dimensions (each group would hold one
 * value, so the aggregate would repeat the figure). A coarser grain of the same date is fine ("average
 * revenue per month, by year").
 */
function checkRollup(plan: AggregatePlan, fieldsAt: Map<string, ModelField>, dialect: DialectCapabilities | undefined, issues: ErrorIssue[]): void {
  const rollup = plan.rollup;
  if (rollup === undefined) return;
  if (plan.averageOver !== undefined) issues.push({ path: 'rollup', message: 'rollup and averageOver say the same thing; give only one of them' });
  const field = fieldsAt.get('rollup.over.field');
  if (field && rollup.over.grain === undefined && isTemporal(field.type)) issues.push({ path: 'rollup.over', message: `grouping by each "${field.entity}.${field.name}" instant is not supported; give a grain (day, week, month, quarter or year)` });
  if (field && rollup.over.grain !== undefined && !isTemporal(field.type)) issues.push({ path: 'rollup.over.grain', message: `a time grain needs a date or datetime field; "${field.entity}.${field.name}" is ${field.type}` });
  plan.dimensions.forEach((dimension, i) => {
    if (dimension.field.entity === rollup.over.field.entity && dimension.field.field === rollup.over.field.field && dimension.grain === rollup.over.grain) issues.push({ path: 'rollup.over', message: `is also dimensions[${i}]; each group would hold one value, so the ${rollup.aggregation} would repeat the figure` });
  });
  if (rollup.aggregation === 'median' && dialect !== undefined && dialect.median === undefined) issues.push({ path: 'rollup.aggregation', message: `median is not supported on ${dialect.name}` });
  if (plan.having.length > 0) issues.push({ path: 'having', message: 'a condition on grouped figures cannot be combined with rollup' });
}

/**
 * percent_of_total is a window over the grouped result (sum(...) over ()), so its whole is every group the
 * plan selects. Where that would not be the whole people mean, it is refused: under a rollup (the window
 * would sum per-`over` figures that are then aggregated again), with compared periods (the whole would span
 * both periods), and with HAVING (groups dropped by HAVING would leave the whole, and a window cannot be
 * tested in HAVING).
 */
function checkPercentOfTotal(plan: AggregatePlan, issues: ErrorIssue[]): void {
  plan.measures.forEach((measure, i) => {
    if (measure.kind !== 'percent_of_total') return;
    const path = `measures[${i}]`;
    if (plan.rollup !== undefined || plan.averageOver !== undefined) issues.push({ path, message: 'a percentage of the total cannot be combined with rollup or averageOver' });
    if (plan.comparePeriods !== undefined) issues.push({ path, message: 'a percentage of the total cannot be combined with comparePeriods (the total would span every period)' });
    if (plan.having.length > 0) issues.push({ path, message: 'a percentage of the total cannot be combined with having (the total would leave out the groups it drops)' });
  });
}
