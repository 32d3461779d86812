/**
 * Every value a plan compares a field with, wherever it sits: the plan's filters, the conditions of a
 * related filter's subquery, a share's `where`. Whoever asks what a plan carries (may a verified question
 * be global? teach/plan-text-values.ts) reads it here, so a value nested deeper than the top level is not
 * missed. The walk cannot fall behind the IR: each union is switched over exhaustively (a new filter op or
 * measure kind fails to compile until it is placed), and each plan kind lists every one of its properties
 * (a new property fails to compile until it is said to hold values or not).
 */
import { isBooleanFilter, leavesOf } from './boolean-filters';
import { assertNever, type AggregatePlan, type FieldRef, type Filter, type ListPlan, type MeasureSpec, type QueryPlan, type Scalar } from './query-plan';

export interface PlanValue {
  /** The field the value is compared with (for a related filter's condition: the related entity's field). */
  field: FieldRef;
  value: Scalar;
  /** Where it sits ("filters[0].where[1].value"). */
  path: string;
}

function filterValues(filter: Filter, path: string): PlanValue[] {
  // `any` / `not`: the values of their conditions, each at its own path.
  if (isBooleanFilter(filter)) return leavesOf(filter, path).flatMap((leaf) => filterValues(leaf.leaf, leaf.path));
  const at = (value: Scalar, key: string): PlanValue => ({ field: filter.field, value, path: `${path}.${key}` });
  switch (filter.op) {
    case 'eq':
    case 'neq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
    case 'contains':
    case 'not_contains':
      return [at(filter.value, 'value')];
    case 'in':
    case 'not_in':
      return filter.values.map((value, i) => at(value, `values[${i}]`));
    case 'between':
      return [at(filter.low, 'low'), at(filter.high, 'high')];
    case 'is_null':
    case 'is_not_null':
      return [];
    case 'vs_aggregate':
      // The compared figure names no value; the rows it is taken over do, in its own conditions.
      return filter.where.flatMap((inner, i) => filterValues(inner, `${path}.where[${i}]`));
    case 'related':
      // The outer `field` is only the key the subquery is joined on; the values are in its own conditions.
      return filter.where.flatMap((inner, i) => filterValues(inner, `${path}.where[${i}]`));
    default:
      return assertNever(filter, 'filter op');
  }
}

const filtersValues = (filters: readonly Filter[], path: string): PlanValue[] => filters.flatMap((filter, i) => filterValues(filter, `${path}[${i}]`));

function measureValues(measure: MeasureSpec, path: string): PlanValue[] {
  switch (measure.kind) {
    case 'count':
    case 'model':
    case 'aggregate':
    case 'ratio':
    case 'percent_of_total':
      return [];
    case 'share':
      return filtersValues(measure.where, `${path}.where`);
    default:
      return assertNever(measure, 'measure kind');
  }
}

/** Every property of a plan kind, with the values it holds. */
type Parts<T> = { readonly [K in keyof T]-?: (plan: T) => PlanValue[] };
const none = (): PlanValue[] => [];

const aggregateParts: Parts<AggregatePlan> = {
  kind: none,
  entity: none,
  measures: (plan) => plan.measures.flatMap((measure, i) => measureValues(measure, `measures[${i}]`)),
  dimensions: none,
  filters: (plan) => filtersValues(plan.filters, 'filters'),
  // Periods are dates the engine resolved and the engine's label for them, not values of the data.
  timeRange: none,
  comparePeriods: none,
  averageOver: none,
  // A field (or a grain of a date field) to group by, holding no value.
  rollup: none,
  // A threshold on a measure's result ("more than 5 orders"), not a value of a field.
  having: none,
  orderBy: none,
  limit: none,
  ties: none,
  presentation: none,
};

const listParts: Parts<ListPlan> = {
  kind: none,
  entity: none,
  fields: none,
  filters: (plan) => filtersValues(plan.filters, 'filters'),
  timeRange: none,
  orderBy: none,
  limit: none,
  ties: none,
  distinct: none,
  presentation: none,
};

function walk<T>(plan: T, parts: Parts<T>): PlanValue[] {
  return (Object.keys(parts) as Array<keyof T>).flatMap((key) => parts[key](plan));
}

export function planValues(plan: QueryPlan): PlanValue[] {
  switch (plan.kind) {
    case 'aggregate':
      return walk(plan, aggregateParts);
    case 'list':
      return walk(plan, listParts);
    default:
      return assertNever(plan, 'plan kind');
  }
}
