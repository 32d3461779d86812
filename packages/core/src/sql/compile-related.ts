/**
 * A related filter as a correlated subquery over the related entity: `exists (...)` for "has some",
 * `not exists (...)` for "has none", `(select count(*) ...) <op> n` for a count threshold. The subquery
 * aliases its tables `r<n>_<entity>`, so an entity that is also in the outer query (a self-relation, or the
 * same table reached twice) never collides. It carries the tenant predicates of every entity it reads,
 * from the ScopedPlan, exactly like the outer query; it never joins into the outer query, so the outer
 * rows cannot be repeated.
 */
import { sql } from 'kysely';
import { CoreError } from '../errors/core-error';
import { joinStepsFor, relatedJoinEntities } from '../plan/join-path';
import { relatedEntities } from '../plan/plan-references';
import type { RelatedFilter } from '../plan/query-plan';
import type { TenantPredicate } from '../scope/scoped-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { columnOf, entityOf, fieldOf, tableSource } from './column-ref';
import { compileFilter } from './compile-filter';
import type { DialectHooks, Sql } from './dialect-hooks';

export interface RelatedContext {
  model: SemanticModel;
  hooks: DialectHooks;
  /** The scoped plan's tenant predicates (all entities); the subquery applies those of its own entities. */
  predicates: readonly TenantPredicate[];
  /** Position of the filter in the plan ("3", or "3_1_0" inside an `any`), to keep subquery aliases apart. */
  index: number | string;
}

const COUNT_OPS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** The entities a related filter's subquery touches, related entity first, in join order. */
export function relatedTouchedEntities(filter: RelatedFilter, model: SemanticModel): string[] {
  const entities = relatedJoinEntities(model, filter);
  if (!entities) throw new CoreError('PLAN_INVALID', `A related filter reads an entity that cannot be reached from "${filter.entity}".`);
  return entities;
}

export function compileRelatedFilter(filter: RelatedFilter, context: RelatedContext): Sql {
  const { model, hooks } = context;
  const aliasOf = (entity: string): string => `r${context.index}_${entity}`;
  const linked = model.relations.some(
    (r) =>
      (r.fromEntity === filter.entity && r.fromField === filter.via && r.toEntity === filter.field.entity && r.toField === filter.field.field) ||
      (r.fromEntity === filter.field.entity && r.fromField === filter.field.field && r.toEntity === filter.entity && r.toField === filter.via),
  );
  if (!linked) throw new CoreError('PLAN_INVALID', `Fields "${filter.entity}.${filter.via}" and "${filter.field.entity}.${filter.field.field}" are not linked.`);
  const steps = joinStepsFor(model, filter.entity, relatedEntities(filter)) ?? [];
  const joins = steps.map((step) => {
    const from = fieldOf(model, { entity: step.relation.fromEntity, field: step.relation.fromField });
    const to = fieldOf(model, { entity: step.relation.toEntity, field: step.relation.toField });
    return sql` inner join ${tableSource(entityOf(model, step.entity), aliasOf(step.entity))} on ${columnOf(aliasOf(step.relation.fromEntity), from.column)} = ${columnOf(aliasOf(step.entity), to.column)}`;
  });
  const entities = [filter.entity, ...steps.map((step) => step.entity)];
  const fromColumn = fieldOf(model, { entity: filter.entity, field: filter.via }).column;
  const outerColumn = fieldOf(model, filter.field).column;
  const where: Sql[] = [sql`${columnOf(aliasOf(filter.entity), fromColumn)} = ${columnOf(filter.field.entity, outerColumn)}`];
  for (const predicate of context.predicates) {
    if (entities.includes(predicate.entity)) where.push(sql`${columnOf(aliasOf(predicate.entity), predicate.column)} = ${hooks.bindValue(predicate.value)}`);
  }
  for (const inner of filter.where) where.push(compileFilter(inner, model, hooks, aliasOf));
  const from = sql`${tableSource(entityOf(model, filter.entity), aliasOf(filter.entity))}${sql.join(joins, sql``)}`;
  const body = sql`from ${from} where ${sql.join(where, sql` and `)}`;
  const { op, value } = filter.count;
  if ((op === 'gt' && value === 0) || (op === 'gte' && value === 1)) return sql`exists (select 1 ${body})`;
  if ((op === 'eq' && value === 0) || (op === 'lt' && value === 1) || (op === 'lte' && value === 0)) return sql`not exists (select 1 ${body})`;
  return sql`(select count(*) ${body}) ${sql.raw(COUNT_OPS[op])} ${value}`;
}
