/**
 * The text values a plan filters on ("Laptop", "Berlin"). A verified question made global must hold none:
 * such values come from one tenant's data, and a global entry would show them to every tenant.
 */
import type { Filter, MeasureSpec, PlainFilter, QueryPlan } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';

function filterValues(filter: Filter | PlainFilter): unknown[] {
  switch (filter.op) {
    case 'in':
    case 'not_in':
      return filter.values;
    case 'between':
      return [filter.low, filter.high];
    case 'is_null':
    case 'is_not_null':
      return [];
    case 'related':
      return filter.where.flatMap(filterValues);
    default:
      return [filter.value];
  }
}

function measureFilters(measure: MeasureSpec): PlainFilter[] {
  return measure.kind === 'share' ? measure.where : [];
}

export function planTextValues(plan: QueryPlan, model: SemanticModel): string[] {
  const filters: Array<Filter | PlainFilter> = [...plan.filters, ...(plan.kind === 'aggregate' ? plan.measures.flatMap(measureFilters) : [])];
  return filters.flatMap((filter) => {
    const field = model.entities[filter.field.entity]?.fields[filter.field.field];
    if (field?.type !== 'string') return [];
    return filterValues(filter).filter((value): value is string => typeof value === 'string');
  });
}
