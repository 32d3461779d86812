/**
 * ScopedPlan -> { sql, parameters } for one dialect, compiled by Kysely and never executed here.
 * Shape: select <columns> from <base> [inner join <one-side> on <fk> = <pk>]... where <tenant predicates>
 * and <time range> and <filters> [group by] [order by] limit <n>. Every entity the plan touches gets its
 * tenant predicates, checked again here (defence in depth) even though scopePlan already did.
 */
import { sql } from 'kysely';
import type { CompiledQuery, SqlDialect } from '../datasource/data-source';
import { CoreError } from '../errors/core-error';
import { joinStepsFor, type JoinStep } from '../plan/join-path';
import { referencedEntities } from '../plan/plan-references';
import type { AggregatePlan, ListPlan } from '../plan/query-plan';
import { isScopedPlan } from '../scope/scope-plan';
import type { ScopedPlan } from '../scope/scoped-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { columnOf, entityOf, fieldColumn, fieldOf, tableSource } from './column-ref';
import { compileFilter, compileTimeRange } from './compile-filter';
import { compileMeasure } from './compile-measure';
import { dimensionAlias, listFieldAlias, measureAlias } from './describe-columns';
import type { DialectHooks, Sql } from './dialect-hooks';
import { dialectHooks } from './dialects/index';

export interface CompileOptions {
  /** The row cap; a plan without its own (smaller) limit fetches maxRows + 1 so truncation shows. */
  maxRows: number;
}

export function compileQuery(scoped: ScopedPlan, model: SemanticModel, dialect: SqlDialect, options: CompileOptions): CompiledQuery {
  if (!isScopedPlan(scoped)) throw new CoreError('SCOPE_VIOLATION', 'Only a plan returned by scopePlan can be compiled.');
  if (!Number.isInteger(options.maxRows) || options.maxRows < 1) throw new CoreError('INTERNAL', `maxRows must be a positive integer, got ${options.maxRows}.`);
  const hooks = dialectHooks(dialect);
  const plan = scoped.plan;
  const joins = joinStepsFor(model, plan.entity, referencedEntities(plan));
  if (!joins) throw new CoreError('PLAN_INVALID', `The plan references an entity that cannot be reached from "${plan.entity}".`);
  const where = [...tenantConditions(scoped, joins, model, hooks)];
  if (plan.timeRange) where.push(...compileTimeRange(plan.timeRange, model, hooks));
  for (const filter of plan.filters) where.push(compileFilter(filter, model, hooks));
  const limit = Math.min(plan.limit ?? Number.POSITIVE_INFINITY, options.maxRows + 1);
  const body = plan.kind === 'aggregate' ? aggregateParts(plan, model, hooks) : listParts(plan, model);
  const query = sql`select ${sql.join(body.select)} from ${tableSource(entityOf(model, plan.entity))}${sql.join(joins.map((step) => joinClause(step, model)), sql``)}${clause(' where ', where, ' and ')}${clause(' group by ', body.groupBy)}${clause(' order by ', body.orderBy)} limit ${limit}`;
  const compiled = query.compile(hooks.kysely);
  return { sql: compiled.sql, parameters: compiled.parameters };
}

function clause(keyword: string, parts: Sql[], separator = ', '): Sql {
  return parts.length === 0 ? sql`` : sql`${sql.raw(keyword)}${sql.join(parts, sql.raw(separator))}`;
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

interface QueryBody {
  select: Sql[];
  groupBy: Sql[];
  orderBy: Sql[];
}

function aggregateParts(plan: AggregatePlan, model: SemanticModel, hooks: DialectHooks): QueryBody {
  const dimensions = plan.dimensions.map((dimension) => {
    const column = fieldColumn(model, dimension.field);
    return dimension.grain === undefined ? column : hooks.timeBucket(column, dimension.grain);
  });
  const select = [
    ...dimensions.map((expression, i) => sql`${expression} as ${sql.id(dimensionAlias(i))}`),
    ...plan.measures.map((measure, i) => sql`${compileMeasure(measure, model, hooks)} as ${sql.id(measureAlias(i))}`),
  ];
  // Group by position: the same expression is never written twice, so the two can never drift apart.
  const groupBy = dimensions.map((_, i) => sql.raw(String(i + 1)));
  groupBy.push(...plan.dimensions.flatMap((dimension) => identityColumns(dimension, model)));
  const ordered = plan.orderBy.map((order) => {
    const alias = order.target === 'measure' ? measureAlias(order.index) : dimensionAlias(order.index);
    return { alias, direction: order.direction };
  });
  // Dimensions break ties (and give series their chronological order), so results are deterministic.
  plan.dimensions.forEach((_, i) => {
    if (!ordered.some((o) => o.alias === dimensionAlias(i))) ordered.push({ alias: dimensionAlias(i), direction: 'asc' });
  });
  const orderBy = ordered.map((o) => sql`${sql.id(o.alias)} ${sql.raw(o.direction)} nulls last`);
  return { select, groupBy, orderBy };
}

/**
 * "By customer" groups by the entity's display field (its name), but two customers can share a name:
 * grouping by the primary key as well keeps them apart instead of silently adding their figures up.
 */
function identityColumns(dimension: AggregatePlan['dimensions'][number], model: SemanticModel): Sql[] {
  if (dimension.grain !== undefined) return [];
  const entity = entityOf(model, dimension.field.entity);
  const key = entity.primaryKey === undefined ? undefined : entity.fields[entity.primaryKey];
  if (entity.displayField !== dimension.field.field || !key || key.name === dimension.field.field) return [];
  return [columnOf(entity.name, key.column)];
}

function listParts(plan: ListPlan, model: SemanticModel): QueryBody {
  const select = plan.fields.map((ref) => sql`${fieldColumn(model, ref)} as ${sql.id(listFieldAlias(plan, ref))}`);
  const orderBy = plan.orderBy.map((order) => sql`${fieldColumn(model, order.field)} ${sql.raw(order.direction)} nulls last`);
  // The primary key breaks ties, so a capped list is the same rows every time.
  const base = entityOf(model, plan.entity);
  const key = base.primaryKey === undefined ? undefined : base.fields[base.primaryKey];
  if (key && !plan.orderBy.some((o) => o.field.entity === plan.entity && o.field.field === key.name)) orderBy.push(sql`${columnOf(plan.entity, key.column)} asc`);
  return { select, groupBy: [], orderBy };
}
