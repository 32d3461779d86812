/**
 * Every place a plan names an entity, with the path at which it does so. Validation checks each
 * reference; scoping and compiling read the set of entities to join. One walker keeps them in step, so a
 * field named only inside a share's filter or a ratio's denominator is still joined and tenant-scoped.
 */
import { planLeaves } from './boolean-filters';
import { assertNever, type FieldRef, type MeasureSpec, type QueryPlan, type RelatedFilter, type SimpleMeasure, type VsAggregateFilter } from './query-plan';

export interface PlanFieldRef {
  ref: FieldRef;
  path: string;
  /**
   * What the plan does with the field; decides which checks apply. `grain` is averageOver's field (grouped
   * on in an inner query, never shown); `count` is a count or distinct count of the field (only how many
   * values there are is read, never the values).
   */
  use: 'select' | 'group' | 'filter' | 'order' | 'time' | 'aggregate' | 'count' | 'grain' | 'key';
}

/** The simple measures a measure is built from, each with its path ("measures[0].numerator"). */
export function simpleParts(measure: MeasureSpec, path: string): { measure: SimpleMeasure; path: string }[] {
  switch (measure.kind) {
    case 'count':
    case 'model':
    case 'aggregate':
      return [{ measure, path }];
    case 'share':
    case 'percent_of_total':
      return [{ measure: measure.of, path: `${path}.of` }];
    case 'ratio':
      return [{ measure: measure.numerator, path: `${path}.numerator` }, { measure: measure.denominator, path: `${path}.denominator` }];
    default:
      return assertNever(measure, 'measure kind');
  }
}

function measureRefs(measure: MeasureSpec, path: string): PlanFieldRef[] {
  const refs: PlanFieldRef[] = [];
  for (const part of simpleParts(measure, path)) {
    if (part.measure.kind !== 'aggregate') continue;
    const counted = part.measure.aggregation === 'count' || part.measure.aggregation === 'count_distinct';
    refs.push({ ref: part.measure.field, path: `${part.path}.field`, use: counted ? 'count' : 'aggregate' });
  }
  if (measure.kind === 'share') measure.where.forEach((filter, i) => refs.push({ ref: filter.field, path: `${path}.where[${i}].field`, use: 'filter' }));
  return refs;
}

/** All field references of a plan, each with its path ("filters[1].field"). */
export function planFieldRefs(plan: QueryPlan): PlanFieldRef[] {
  const refs: PlanFieldRef[] = [];
  // A related filter's field is the outer key its subquery is correlated on: a key, never shown. The
  // conditions inside `any` / `not` are read one by one, so a field they name is joined and scoped too.
  for (const { leaf, path } of planLeaves(plan.filters)) {
    refs.push({ ref: leaf.field, path: `${path}.field`, use: leaf.op === 'related' ? 'key' : 'filter' });
    // A compared figure's `per` fields are read on the outer row too (its subquery is correlated on them).
    if (leaf.op === 'vs_aggregate') leaf.per.forEach((per, k) => refs.push({ ref: per, path: `${path}.per[${k}]`, use: 'key' }));
  }
  if (plan.timeRange) refs.push({ ref: plan.timeRange.field, path: 'timeRange.field', use: 'time' });
  switch (plan.kind) {
    case 'aggregate':
      plan.comparePeriods?.forEach((period, i) => refs.push({ ref: period.field, path: `comparePeriods[${i}].field`, use: 'time' }));
      plan.measures.forEach((measure, i) => refs.push(...measureRefs(measure, `measures[${i}]`)));
      plan.dimensions.forEach((dimension, i) => refs.push({ ref: dimension.field, path: `dimensions[${i}].field`, use: 'group' }));
      if (plan.averageOver) refs.push({ ref: plan.averageOver, path: 'averageOver', use: 'grain' });
      if (plan.rollup) refs.push({ ref: plan.rollup.over.field, path: 'rollup.over.field', use: 'grain' });
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

/** The plan's related filters with their path ("filters[2]", "filters[1].of[0][1]"): each compiles to its own subquery. */
export function relatedFilters(plan: QueryPlan): { filter: RelatedFilter; path: string }[] {
  return planLeaves(plan.filters).flatMap(({ leaf, path }) => (leaf.op === 'related' ? [{ filter: leaf, path }] : []));
}

/** The fields a related filter's subquery reads, relative to its own entity (not the plan's). */
export function relatedFieldRefs(filter: RelatedFilter, path: string): PlanFieldRef[] {
  return filter.where.map((inner, i) => ({ ref: inner.field, path: `${path}.where[${i}].field`, use: 'filter' as const }));
}

/** Entities a related filter's subquery reads: the related entity first, then those its filters name. */
export function relatedEntities(filter: RelatedFilter): string[] {
  return [...new Set([filter.entity, ...filter.where.map((inner) => inner.field.entity)])];
}

/** Entities whose columns the plan reads, base first (model measures live on their own entity). */
export function referencedEntities(plan: QueryPlan): string[] {
  const entities = new Set<string>([plan.entity]);
  for (const { ref } of planFieldRefs(plan)) entities.add(ref.entity);
  if (plan.kind === 'aggregate') {
    plan.measures.forEach((measure, i) => {
      for (const part of simpleParts(measure, `measures[${i}]`)) if (part.measure.kind === 'model') entities.add(part.measure.entity);
    });
  }
  return [...entities];
}

/** The plan's filters that compare a row with a figure over other rows, with their index: each is a scalar subquery. */
export function vsAggregateFilters(plan: QueryPlan): { filter: VsAggregateFilter; path: string }[] {
  return planLeaves(plan.filters).flatMap(({ leaf, path }) => (leaf.op === 'vs_aggregate' ? [{ filter: leaf, path }] : []));
}

/** The fields a vs_aggregate filter's subquery reads, relative to `of.entity` (not the plan's entity). */
export function vsAggregateFieldRefs(filter: VsAggregateFilter, path: string): PlanFieldRef[] {
  return [
    { ref: filter.of, path: `${path}.of`, use: 'aggregate' },
    ...filter.where.map((inner, i) => ({ ref: inner.field, path: `${path}.where[${i}].field`, use: 'filter' as const })),
    ...filter.per.map((per, i) => ({ ref: per, path: `${path}.per[${i}]`, use: 'key' as const })),
  ];
}

/** Entities a vs_aggregate filter's subquery reads: the aggregated entity first, then those its conditions and `per` name. */
export function vsAggregateEntities(filter: VsAggregateFilter): string[] {
  return [...new Set([filter.of.entity, ...filter.where.map((inner) => inner.field.entity), ...filter.per.map((per) => per.entity)])];
}
