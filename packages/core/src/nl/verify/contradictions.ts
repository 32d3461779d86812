/**
 * Conditions no row can meet: one column equal to two different values ("routes from the United States to
 * Canada" read as country = 'United States' and country = 'Canada'). A row holds one value per column, so
 * such a plan answers "none" to a question that meant something else (here, two different airports).
 */
import type { Filter, PlainFilter, QueryPlan } from '../../plan/query-plan';

const valuesOf = (filter: PlainFilter): ReadonlySet<string> | undefined =>
  filter.op === 'eq' ? new Set([String(filter.value).toLowerCase()]) : filter.op === 'in' ? new Set(filter.values.map((v) => String(v).toLowerCase())) : undefined;

/** The columns (as "entity.field") that the plan's top-level filters, or one related filter's conditions, require to hold two values that cannot both hold. */
function contradictions(filters: readonly Filter[]): string[] {
  const required = new Map<string, ReadonlySet<string>>();
  const found: string[] = [];
  for (const filter of filters) {
    if (filter.op === 'related') {
      found.push(...contradictions(filter.where));
      continue;
    }
    // `any` / `not` require no one value of a column, and neither does a comparison with an aggregate.
    if (filter.op === 'any' || filter.op === 'not' || filter.op === 'vs_aggregate') continue;
    const values = valuesOf(filter);
    if (values === undefined) continue;
    const key = `${filter.field.entity}.${filter.field.field}`;
    const earlier = required.get(key);
    if (earlier === undefined) {
      required.set(key, values);
      continue;
    }
    const both = new Set([...earlier].filter((v) => values.has(v)));
    if (both.size === 0) found.push(key);
    required.set(key, both);
  }
  return found;
}

export function contradictoryColumns(plan: QueryPlan): string[] {
  return [...new Set(contradictions(plan.filters))];
}
