/**
 * The order a "with ties" limit ranks by, as expressions over the columns of the plan's own query (used
 * by compile-query's withTies wrapper, where those columns are visible under their output aliases).
 */
import { sql } from 'kysely';
import { assertNever, type QueryPlan } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { dimensionAlias, listFieldAlias, measureAlias } from './describe-columns';
import type { DialectHooks, Sql } from './dialect-hooks';
import { orderNullsLast } from './order-term';

export const RANKED_ALIAS = 'ranked';
export const TIES_ALIAS = 'with_ties';
export const TIE_RANK = 'tie_rank';

export function rankOrderTerms(plan: QueryPlan, _model: SemanticModel, hooks: DialectHooks): Sql[] {
  switch (plan.kind) {
    case 'aggregate':
      return plan.orderBy.map((o) => orderNullsLast(hooks, sql.id(RANKED_ALIAS, o.target === 'measure' ? measureAlias(o.index) : dimensionAlias(o.index)), o.direction));
    case 'list':
      return plan.orderBy.map((o) => orderNullsLast(hooks, sql.id(RANKED_ALIAS, listFieldAlias(plan, o.field)), o.direction));
    default:
      return assertNever(plan, 'plan kind');
  }
}
