/**
 * One filter of a plan as a SQL condition, `any` and `not` included. `any` is an OR of AND-groups,
 * `not` is NOT of an AND; each leaf compiles as it would alone: a plain condition on the outer row, or a
 * related filter's correlated subquery carrying the tenant predicates of every entity it reads (from the
 * ScopedPlan, compile-related.ts) or a comparison's scalar subquery (compile-vs-aggregate.ts, the same
 * discipline), with aliases of its own ("r3_1_0_<entity>" for filters[3].of[1][0]), so
 * two subqueries never share an alias.
 *
 * NULLs: SQL's three-valued logic holds. A condition on a missing value is unknown, `not` of unknown is
 * unknown, and a row whose condition is unknown is left out: `not (country is Norway)` keeps neither the
 * Norwegian rows nor the rows with no country. A related leaf (EXISTS) and is_null / is_not_null are never
 * unknown. answer/describe-boolean.ts says so in words.
 */
import { sql } from 'kysely';
import { assertNever, type Filter, type LeafFilter } from '../plan/query-plan';
import type { TenantPredicate } from '../scope/scoped-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { compileFilter } from './compile-filter';
import { compileRelatedFilter } from './compile-related';
import { compileVsAggregateFilter } from './compile-vs-aggregate';
import type { DialectHooks, Sql } from './dialect-hooks';

export interface FilterContext {
  model: SemanticModel;
  hooks: DialectHooks;
  /** The scoped plan's tenant predicates; each related subquery applies those of its own entities. */
  predicates: readonly TenantPredicate[];
  /** The filter's position in the plan, to keep subquery aliases apart. */
  index: number;
}

export function compilePlanFilter(filter: Filter, context: FilterContext): Sql {
  const leaf = (inner: LeafFilter, alias: string): Sql =>
    inner.op === 'related'
      ? compileRelatedFilter(inner, { ...context, index: alias })
      : inner.op === 'vs_aggregate'
        ? compileVsAggregateFilter(inner, { ...context, index: alias })
        : compileFilter(inner, context.model, context.hooks);
  switch (filter.op) {
    case 'any':
      return sql`(${sql.join(
        filter.of.map((group, g) => sql`(${sql.join(group.map((inner, k) => leaf(inner, `${context.index}_${g}_${k}`)), sql` and `)})`),
        sql` or `,
      )})`;
    case 'not':
      return sql`not (${sql.join(filter.of.map((inner, k) => leaf(inner, `${context.index}_${k}`)), sql` and `)})`;
    case 'related':
      return compileRelatedFilter(filter, context);
    case 'vs_aggregate':
      return compileVsAggregateFilter(filter, context);
    case 'eq': case 'neq': case 'gt': case 'gte': case 'lt': case 'lte': case 'in': case 'not_in': case 'between':
    case 'contains': case 'not_contains': case 'is_null': case 'is_not_null':
      return compileFilter(filter, context.model, context.hooks);
    default:
      return assertNever(filter, 'filter op');
  }
}
