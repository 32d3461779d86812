/**
 * Every place a plan names an entity, with the path at which it does so. Validation checks each
 * reference; scoping and compiling read the set of entities to join. One walker keeps them in step.
 */
import { assertNever, type FieldRef, type MeasureSpec, type QueryPlan } from './query-plan';

export interface PlanFieldRef {
  ref: FieldRef;
  path: string;
  /** What the plan does with the field; decides which checks apply. */
  use: 'select' | 'group' | 'filter' | 'order' | 'time' | 'aggregate';
}

function measureRefs(measure: MeasureSpec, path: string): PlanFieldRef[] {
  switch (measure.kind) {
    case 'count':
    case 'model':
      return [];
    case 'aggregate':
      return [{ ref: measure.field, path: `${path}.field`, use: 'aggregate' }];
    default:
      return assertNever(measure, 'measure kind');
  }
}

/** All field references of a plan, each with its path ("filters[1].field"). */
export function planFieldRefs(plan: QueryPlan): PlanFieldRef[] {
  const refs: PlanFieldRef[] = [];
  plan.filters.forEach((filter, i) => refs.push({ ref: filter.field, path: `filters[${i}].field`, use: 'filter' }));
  if (plan.timeRange) refs.push({ ref: plan.timeRange.field, path: 'timeRange.field', use: 'time' });
  switch (plan.kind) {
    case 'aggregate':
      plan.measures.forEach((measure, i) => refs.push(...measureRefs(measure, `measures[${i}]`)));
      plan.dimensions.forEach((dimension, i) => refs.push({ ref: dimension.field, path: `dimensions[${i}].field`, use: 'group' }));
      break;
    case 'list':
      plan.fields.forEach((field, i) => refs.push({ ref: field, path: `fields[${i}]`, use: 'select' }));
      plan.orderBy.forEach((order, i) => refs.push({ ref: order.field, path: `orderBy[${i}].field`, use: 'order' }));
      break;
    default:
      return assertNever(plan, 'plan kind');
  }
  return refs;
}

/** Entities whose columns the plan reads, base first (model measures live on their own entity). */
export function referencedEntities(plan: QueryPlan): string[] {
  const entities = new Set<string>([plan.entity]);
  for (const { ref } of planFieldRefs(plan)) entities.add(ref.entity);
  if (plan.kind === 'aggregate') {
    for (const measure of plan.measures) if (measure.kind === 'model') entities.add(measure.entity);
  }
  return [...entities];
}
