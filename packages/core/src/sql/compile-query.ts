/**
 * ScopedPlan -> { sql, parameters } for one dialect, compiled by Kysely and never executed here.
 * Shape: select <columns> from <base> [inner join <one-side> on <fk> = <pk>]... where <tenant predicates>
 * and <time range | compared periods> and <filters> [group by] [order by] limit <n>; averageOver wraps the
 * grouped query in an outer average (compile-aggregate.ts), the LIMIT staying outermost. Every entity the plan touches gets its
 * tenant predicates, checked again here (defence in depth) even though scopePlan already did.
 */
import { sql } from 'kysely';
import type { CompiledQuery } from '../datasource/data-source';
import { CoreError } from '../errors/core-error';
import { joinStepsFor, type JoinStep } from '../plan/join-path';
import { referencedEntities } from '../plan/plan-references';
import type { ListPlan } from '../plan/query-plan';
import { isScopedPlan } from '../scope/scope-plan';
import type { ScopedPlan } from '../scope/scoped-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { columnOf, entityOf, fieldColumn, fieldOf, tableSource } from './column-ref';
import { compileFilter, compileTimeRange } from './compile-filter';
import { clause, compileAggregate, periodConditions, type QueryFrame } from './compile-aggregate';
import { listFieldAlias } from './describe-columns';
import type { DialectHooks, Sql } from './dialect-hooks';

export interface CompileOptions {
  /** The row cap; a plan without its own (smaller) limit fetches maxRows + 1 so truncation shows. */
  maxRows: number;
}

/** `hooks` is the dialect of the data source that will run the query (`dataSource.dialect`). */
export function compileQuery(scoped: ScopedPlan, model: SemanticModel, hooks: DialectHooks, options: CompileOptions): CompiledQuery {
  if (!isScopedPlan(scoped)) throw new CoreError('SCOPE_VIOLATION', 'Only a plan returned by scopePlan can be compiled.');
  if (!Number.isInteger(options.maxRows) || options.maxRows < 1) throw new CoreError('INTERNAL', `maxRows must be a positive integer, got ${options.maxRows}.`);
  const plan = scoped.plan;
  const joins = joinStepsFor(model, plan.entity, referencedEntities(plan));
  if (!joins) throw new CoreError('PLAN_INVALID', `The plan references an entity that cannot be reached from "${plan.entity}".`);
  const where = [...tenantConditions(scoped, joins, model, hooks)];
  if (plan.timeRange) where.push(...compileTimeRange(plan.timeRange, model, hooks));
  if (plan.kind === 'aggregate') where.push(...periodConditions(plan, model, hooks));
  for (const filter of plan.filters) where.push(compileFilter(filter, model, hooks));
  const frame: QueryFrame = { from: sql`${tableSource(entityOf(model, plan.entity))}${sql.join(joins.map((step) => joinClause(step, model)), sql``)}`, where };
  const limit = Math.min(plan.limit ?? Number.POSITIVE_INFINITY, options.maxRows + 1);
  const body = plan.kind === 'aggregate' ? compileAggregate(plan, frame, model, hooks) : compileList(plan, frame, model);
  const query = sql`${body} limit ${limit}`;
  const compiled = query.compile(hooks.kysely);
  return { sql: compiled.sql, parameters: compiled.parameters };
}

function joinClause(step: JoinStep, model: SemanticModel): Sql {
  const { relation } = step;
  const from = fieldOf(model, { entity: relation.fromEntity, field: relation.fromField });
  const to = fieldOf(model, { entity: relation.toEntity, field: relation.toField });
  return sql` inner join ${tableSource(entityOf(model, step.entity))} on ${columnOf(relation.fromEntity, from.column)} = ${columnOf(relation.toEntity, to.column)}`;
}

/** Tenant predicates for every entity in the query; refuses an entity that is neither scoped here nor shared. */
function tenantConditions(scoped: ScopedPlan, joins: JoinStep[], model: SemanticModel, hooks: DialectHooks): Sql[] {
  const inQuery = [scoped.plan.entity, ...joins.map((step) => step.entity)];
  for (const entity of inQuery) {
    if (!scoped.entities.includes(entity)) throw new CoreError('SCOPE_VIOLATION', `Entity "${entity}" is joined but was not scoped.`);
    const shared = model.tenancy.mode === 'none' || entityOf(model, entity).tenancy.kind === 'shared';
    if (!shared && !scoped.predicates.some((p) => p.entity === entity)) throw new CoreError('SCOPE_VIOLATION', `Entity "${entity}" has no tenant predicate and is not shared.`);
  }
  for (const predicate of scoped.predicates) {
    if (!inQuery.includes(predicate.entity)) throw new CoreError('SCOPE_VIOLATION', `A tenant predicate names "${predicate.entity}", which the query does not touch.`);
  }
  return scoped.predicates.map((p) => sql`${columnOf(p.entity, p.column)} = ${hooks.bindValue(p.value)}`);
}

function compileList(plan: ListPlan, frame: QueryFrame, model: SemanticModel): Sql {
  const select = plan.fields.map((ref) => sql`${fieldColumn(model, ref)} as ${sql.id(listFieldAlias(plan, ref))}`);
  const orderBy = plan.orderBy.map((order) => sql`${fieldColumn(model, order.field)} ${sql.raw(order.direction)} nulls last`);
  // The primary key breaks ties, so a capped list is the same rows every time.
  const base = entityOf(model, plan.entity);
  const key = base.primaryKey === undefined ? undefined : base.fields[base.primaryKey];
  if (key && !plan.orderBy.some((o) => o.field.entity === plan.entity && o.field.field === key.name)) orderBy.push(sql`${columnOf(plan.entity, key.column)} asc`);
  return sql`select ${sql.join(select)} from ${frame.from}${clause(' where ', frame.where, ' and ')}${clause(' order by ', orderBy)}`;
}
