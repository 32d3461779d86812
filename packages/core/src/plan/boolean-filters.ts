/**
 * The conditions `any` and `not` combine (their leaves), each with its path in the plan
 * ("filters[2].of[1][0]"). Every walker of a plan's filters (references, validation, scoping, compiling,
 * values) reads them here, so a field or a related subquery nested in a boolean filter is never missed.
 */
import { assertNever, type AnyFilter, type Filter, type LeafFilter, type NotFilter, type RelatedFilter, type VsAggregateFilter } from './query-plan';

export type BooleanFilter = AnyFilter | NotFilter;

export function isBooleanFilter(filter: Filter): filter is BooleanFilter {
  return filter.op === 'any' || filter.op === 'not';
}

/** A filter's own conditions: itself for a plain or related filter, its leaves for `any` / `not`. */
export function leavesOf(filter: Filter, path: string): { leaf: LeafFilter; path: string }[] {
  switch (filter.op) {
    case 'any':
      return filter.of.flatMap((group, g) => group.map((leaf, k) => ({ leaf, path: `${path}.of[${g}][${k}]` })));
    case 'not':
      return filter.of.map((leaf, k) => ({ leaf, path: `${path}.of[${k}]` }));
    case 'eq': case 'neq': case 'gt': case 'gte': case 'lt': case 'lte': case 'in': case 'not_in': case 'between':
    case 'contains': case 'not_contains': case 'is_null': case 'is_not_null': case 'related': case 'vs_aggregate':
      return [{ leaf: filter, path }];
    default:
      return assertNever(filter, 'filter op');
  }
}

/** Every leaf of a list of filters, with its path ("filters[i]..."). */
export function planLeaves(filters: readonly Filter[], path = 'filters'): { leaf: LeafFilter; path: string }[] {
  return filters.flatMap((filter, i) => leavesOf(filter, `${path}[${i}]`));
}

/** The related filters among a list of filters, nested ones included. */
export function relatedLeaves(filters: readonly Filter[]): RelatedFilter[] {
  return planLeaves(filters).flatMap(({ leaf }) => (leaf.op === 'related' ? [leaf] : []));
}

/** The top-level filters that are a single condition (not `any` / `not`): what code reading one field at a time sees. */
export function leafFilters(filters: readonly Filter[]): LeafFilter[] {
  return filters.filter((filter): filter is LeafFilter => !isBooleanFilter(filter));
}

/** A condition on one field of the row itself: neither a subquery (related, vs_aggregate) nor `any` / `not`. */
export function isPlainFilter(filter: Filter): filter is Exclude<LeafFilter, RelatedFilter | VsAggregateFilter> {
  return filter.op !== 'related' && filter.op !== 'vs_aggregate' && !isBooleanFilter(filter);
}

/** Every condition of a list of filters, those inside `any` / `not` included. */
export function allLeaves(filters: readonly Filter[]): LeafFilter[] {
  return planLeaves(filters).map(({ leaf }) => leaf);
}
