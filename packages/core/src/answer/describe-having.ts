/**
 * A condition on the groups, as a reader says it: "with revenue above $1,000", "with revenue above the
 * average over all customers". Without it, the explanation of "customers who spent more than the average
 * customer" would read as every customer's revenue, which is not what the answer holds.
 */
import type { AggregatePlan, Having } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { formatProseNumber } from './format-number';
import { planMeasureInfo } from './measure-info';
import { dimensionInfo, entityOf, fieldOf } from './resolve-refs';

const COMPARE_WORDS = { eq: 'equal to', neq: 'other than', gt: 'above', gte: 'at least', lt: 'below', lte: 'at most' } as const;
const FIGURE_WORDS = { avg: 'average', min: 'lowest', max: 'highest' } as const;

/** "all customers" when the plan groups by an entity's key or name, else "every city" (the first breakdown). */
function groupsNoun(model: SemanticModel, plan: AggregatePlan): string {
  const first = plan.dimensions[0];
  if (first === undefined) return 'all rows';
  const field = fieldOf(model, first.field);
  const entity = entityOf(model, first.field.entity);
  if (first.grain === undefined && (field.name === entity.primaryKey || field.name === entity.displayField)) return `all ${entity.plural}`;
  return `every ${dimensionInfo(model, first).label}`;
}

export function describeHaving(having: Having, plan: AggregatePlan, model: SemanticModel): string {
  const spec = plan.measures[having.measure];
  // A having names a measure the plan holds (plan/validate-plan.ts); said plainly if it ever does not.
  const measure = spec === undefined ? undefined : planMeasureInfo(model, plan, spec);
  const label = measure?.label ?? 'the figure';
  const compare = COMPARE_WORDS[having.op];
  if ('against' in having) return `with ${label} ${compare} the ${FIGURE_WORDS[having.against.aggregation]} over ${groupsNoun(model, plan)}`;
  const value = measure?.cell.kind === 'number' ? formatProseNumber(having.value, measure.cell.style, model.currency) : String(having.value);
  return `with ${label} ${compare} ${value}`;
}
