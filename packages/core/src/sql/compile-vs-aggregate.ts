/**
 * A vs_aggregate filter as a scalar subquery: `<row's field> <op> (select <aggregation>(<of>) from <of's
 * entity> [many-to-one joins] where <tenant predicates> and <where> [and <per> = <the outer row's per>])`.
 * Like a related filter's subquery (compile-related.ts), it aliases its tables `v<n>_<entity>` (n the
 * filter's position), so it never collides with the outer query (aliased by entity name), a related
 * filter's `r<n>_` tables or another comparison; and it carries the tenant predicates of every entity it
 * reads, from the ScopedPlan, so the figure is taken over the caller's rows only. A subquery over no rows
 * is NULL, and a comparison with NULL keeps no row, as the SQL a person writes does.
 */
import { sql } from 'kysely';
import { CoreError } from '../errors/core-error';
import { joinStepsFor, vsAggregateJoinEntities } from '../plan/join-path';
import { vsAggregateEntities } from '../plan/plan-references';
import type { VsAggregateFilter } from '../plan/query-plan';
import type { TenantPredicate } from '../scope/scoped-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { columnOf, entityOf, fieldOf, tableSource, valueColumn } from './column-ref';
import { compileFilter } from './compile-filter';
import type { DialectHooks, Sql } from './dialect-hooks';

export interface VsAggregateContext {
  model: SemanticModel;
  hooks: DialectHooks;
  /** The scoped plan's tenant predicates (all entities); the subquery applies those of its own entities. */
  predicates: readonly TenantPredicate[];
  /** Position of the filter in the plan, to keep subquery aliases apart. */
  index: number | string;
}

const COMPARISONS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** The entities a vs_aggregate filter's subquery touches, aggregated entity first, in join order. */
export function vsAggregateTouchedEntities(filter: VsAggregateFilter, model: SemanticModel): string[] {
  const entities = vsAggregateJoinEntities(model, filter);
  if (!entities) throw new CoreError('PLAN_INVALID', `A comparison reads an entity that cannot be reached from "${filter.of.entity}".`);
  return entities;
}

export function compileVsAggregateFilter(filter: VsAggregateFilter, context: VsAggregateContext): Sql {
  const { model, hooks } = context;
  const aliasOf = (entity: string): string => `v${context.index}_${entity}`;
  const steps = joinStepsFor(model, filter.of.entity, vsAggregateEntities(filter));
  if (!steps) throw new CoreError('PLAN_INVALID', `A comparison reads an entity that cannot be reached from "${filter.of.entity}".`);
  const joins = steps.map((step) => {
    const from = fieldOf(model, { entity: step.relation.fromEntity, field: step.relation.fromField });
    const to = fieldOf(model, { entity: step.relation.toEntity, field: step.relation.toField });
    return sql` inner join ${tableSource(entityOf(model, step.entity), aliasOf(step.entity))} on ${columnOf(aliasOf(step.relation.fromEntity), from.column)} = ${columnOf(aliasOf(step.entity), to.column)}`;
  });
  const entities = [filter.of.entity, ...steps.map((step) => step.entity)];
  const where: Sql[] = [];
  for (const predicate of context.predicates) {
    if (entities.includes(predicate.entity)) where.push(sql`${columnOf(aliasOf(predicate.entity), predicate.column)} = ${hooks.bindValue(predicate.value)}`);
  }
  for (const inner of filter.where) where.push(compileFilter(inner, model, hooks, aliasOf));
  // The same field on both sides, each read as its type says (a number kept as text compares as a number).
  for (const per of filter.per) where.push(sql`${valueColumn(model, per, hooks, aliasOf(per.entity))} = ${valueColumn(model, per, hooks)}`);
  const from = sql`${tableSource(entityOf(model, filter.of.entity), aliasOf(filter.of.entity))}${sql.join(joins, sql``)}`;
  const figure = sql`${sql.raw(filter.aggregation)}(${valueColumn(model, filter.of, hooks, aliasOf(filter.of.entity))})`;
  const subquery = sql`(select ${figure} from ${from}${where.length === 0 ? sql`` : sql` where ${sql.join(where, sql` and `)}`})`;
  return sql`${valueColumn(model, filter.field, hooks)} ${sql.raw(COMPARISONS[filter.compare])} ${subquery}`;
}
