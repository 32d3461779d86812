/**
 * `any` and `not` filters for the generated plans of the tenant isolation property: built from the same
 * single conditions (values drawn from every tenant, related filters with their own subqueries), so a
 * condition nested in an OR or a NOT is held to the same isolation as one standing alone.
 */
import fc from 'fast-check';
import type { Filter, LeafFilter } from '@askdata/core';

export function booleanFilters(leaves: readonly fc.Arbitrary<Filter>[]): fc.Arbitrary<Filter>[] {
  const leaf = fc.oneof(...leaves) as fc.Arbitrary<LeafFilter>;
  const group = fc.array(leaf, { minLength: 1, maxLength: 2 });
  return [
    fc.array(group, { minLength: 2, maxLength: 3 }).map((of): Filter => ({ op: 'any', of })),
    group.map((of): Filter => ({ op: 'not', of })),
  ];
}
