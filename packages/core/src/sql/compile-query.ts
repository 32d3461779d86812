/**
 * ScopedPlan -> { sql, parameters } for one dialect, compiled by Kysely and never executed here.
 * Shape: select <columns> from <base> [inner join <one-side> on <fk> = <pk>]... where <tenant predicates>
 * and <time range | compared periods> and <filters> [group by] [order by] limit <n>; averageOver wraps the
 * grouped query in an outer average (compile-aggregate.ts), the LIMIT staying outermost. Every entity the plan touches gets its
 * tenant predicates, checked again here (defence in depth) even though scopePlan already did. With the schema
 * or database strategy the compiled query also carries the tenant's schema (`session.searchPath`) or
 * database (`tenantDatabase`), taken from the ScopedPlan and from nothing else.
 */
import { sql } from 'kysely';
import type { CompiledQuery } from '../datasource/data-source';
import { CoreError } from '../errors/core-error';
import { joinStepsFor, type JoinStep } from '../plan/join-path';
import { referencedEntities } from '../plan/plan-references';
import type { ListPlan, QueryPlan } from '../plan/query-plan';
import { isScopedPlan } from '../scope/scope-plan';
import type { ScopedPlan } from '../scope/scoped-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { columnOf, entityOf, fieldOf, tableSource, valueColumn } from './column-ref';
import { compileTimeRange } from './compile-filter';
import { clause, compileAggregate, periodConditions, type QueryFrame } from './compile-aggregate';
import { describeColumns, listFieldAlias } from './describe-columns';
import { relatedTouchedEntities } from './compile-related';
import { vsAggregateTouchedEntities } from './compile-vs-aggregate';
import { compilePlanFilter } from './compile-boolean';
import { planLeaves } from '../plan/boolean-filters';
import { rankOrderTerms, RANKED_ALIAS, TIE_RANK, TIES_ALIAS } from './rank-order';
import type { DialectHooks, Sql } from './dialect-hooks';
import { orderNullsLast } from './order-term';
import { tenantSessionOf } from './tenant-session';
import { ownEntry } from '../semantic/name-record';

export interface CompileOptions {
  /** The row cap; a plan without its own (smaller) limit fetches maxRows + 1 so truncation shows. */
  maxRows: number;
  /**
   * TESTS ONLY: leave the tenant predicates out of the SQL (every check on the ScopedPlan still runs, and
   * the query still carries its tenant session). It stands for a compiler bug, so a test can show that
   * PostgreSQL row-level security alone keeps tenants apart. Reached only through AnswerDeps or
   * loadTenantValues' options set by a test; nothing reads it from the environment or a config
   * (apps/api-v1/test/reliability/unsafe-option-unreachable.test.ts holds that).
   */
  unsafeSkipTenantPredicateForTests?: boolean;
}

/** `hooks` is the dialect of the data source that will run the query (`dataSource.dialect`). */
export function compileQuery(scoped: ScopedPlan, model: SemanticModel, hooks: DialectHooks, options: CompileOptions): CompiledQuery {
  if (!isScopedPlan(scoped)) throw new CoreError('SCOPE_VIOLATION', 'Only a plan returned by scopePlan can be compiled.');
  if (!Number.isInteger(options.maxRows) || options.maxRows < 1) throw new CoreError('INTERNAL', `maxRows must be a positive integer, got ${options.maxRows}.`);
  const plan = scoped.plan;
  const joins = joinStepsFor(model, plan.entity, referencedEntities(plan));
  if (!joins) throw new CoreError('PLAN_INVALID', `The plan references an entity that cannot be reached from "${plan.entity}".`);
  const skipTenant = options.unsafeSkipTenantPredicateForTests === true;
  const tenant = tenantConditions(scoped, joins, model, hooks);
  const where = skipTenant ? [] : [...tenant];
  if (plan.timeRange) where.push(...compileTimeRange(plan.timeRange, model, hooks));
  if (plan.kind === 'aggregate') where.push(...periodConditions(plan, model, hooks));
  plan.filters.forEach((filter, index) => {
    where.push(compilePlanFilter(filter, { model, hooks, predicates: skipTenant ? [] : scoped.predicates, index }));
  });
  const frame: QueryFrame = { from: sql`${tableSource(entityOf(model, plan.entity))}${sql.join(joins.map((step) => joinClause(step, model)), sql``)}`, where };
  const cap = options.maxRows + 1;
  const body = plan.kind === 'aggregate' ? compileAggregate(plan, frame, model, hooks) : compileList(plan, frame, model, hooks);
  // With ties, the plan's limit is a rank cut (compileWithTies) and only the row cap is a LIMIT.
  const limit = plan.ties && plan.limit !== undefined ? cap : Math.min(plan.limit ?? Number.POSITIVE_INFINITY, cap);
  const ranked = plan.ties && plan.limit !== undefined ? withTies(plan, body, model, hooks) : body;
  const query = sql`${ranked} limit ${limit}`;
  const compiled = query.compile(hooks.kysely);
  // The tenant values for row-level security travel on every query; the schema or database, where there is one.
  const target = targetOf(scoped);
  return { sql: compiled.sql, parameters: compiled.parameters, ...target, session: Object.freeze({ ...target.session, settings: tenantSessionOf(scoped).settings }) };
}

/**
 * Where the query must run, from the ScopedPlan only: the tenant's schema as transaction-local session
 * state, or the tenant's database for the service's router. Nothing else puts these on a query.
 */
export function targetOf(scoped: Pick<ScopedPlan, 'target'>): Pick<CompiledQuery, 'session' | 'tenantDatabase'> {
  const target = scoped.target;
  if (target === undefined) return {};
  return target.kind === 'schema' ? { session: Object.freeze({ searchPath: target.schema }) } : { tenantDatabase: target.url };
}

/**
 * "The youngest singer", "the year with the most concerts": a limit that keeps the rows tied with the
 * last one. The ranked query adds rank() over the plan's own order; the outer query keeps ranks up to
 * the limit, in the same order, and selects exactly the plan's output columns.
 */
function withTies(plan: QueryPlan, body: Sql, model: SemanticModel, hooks: DialectHooks): Sql {
  const columns = describeColumns(plan, model).map((column) => column.alias);
  const rankOrder = rankOrderTerms(plan, model, hooks);
  const inner = sql`select ${sql.id(RANKED_ALIAS)}.*, rank() over (order by ${sql.join(rankOrder)}) as ${sql.id(TIE_RANK)} from (${body}) as ${sql.id(RANKED_ALIAS)}`;
  const outerOrder = [sql`${sql.id(TIE_RANK)} asc`, ...columns.map((alias) => orderNullsLast(hooks, sql.id(alias), 'asc'))];
  return sql`select ${sql.join(columns.map((alias) => sql.id(alias)))} from (${inner}) as ${sql.id(TIES_ALIAS)} where ${sql.id(TIE_RANK)} <= ${plan.limit ?? 1} order by ${sql.join(outerOrder)}`;
}

function joinClause(step: JoinStep, model: SemanticModel): Sql {
  const { relation } = step;
  const from = fieldOf(model, { entity: relation.fromEntity, field: relation.fromField });
  const to = fieldOf(model, { entity: relation.toEntity, field: relation.toField });
  return sql` inner join ${tableSource(entityOf(model, step.entity))} on ${columnOf(relation.fromEntity, from.column)} = ${columnOf(relation.toEntity, to.column)}`;
}

/** Tenant predicates for every entity in the query; refuses an entity that is neither scoped here nor shared. */
function tenantConditions(scoped: ScopedPlan, joins: JoinStep[], model: SemanticModel, hooks: DialectHooks): Sql[] {
  const outer = [scoped.plan.entity, ...joins.map((step) => step.entity)];
  const inQuery = [...outer, ...planLeaves(scoped.plan.filters).flatMap(({ leaf }) => (leaf.op === 'related' ? relatedTouchedEntities(leaf, model) : leaf.op === 'vs_aggregate' ? vsAggregateTouchedEntities(leaf, model) : []))];
  for (const entity of inQuery) {
    if (!scoped.entities.includes(entity)) throw new CoreError('SCOPE_VIOLATION', `Entity "${entity}" is joined but was not scoped.`);
    const kind = entityOf(model, entity).tenancy.kind;
    const shared = model.tenancy.mode === 'none' || kind === 'shared';
    if (kind === 'isolated' && scoped.target === undefined) throw new CoreError('SCOPE_VIOLATION', `Entity "${entity}" is read only in a tenant's own schema or database, and the plan names none.`);
    if (!shared && kind !== 'isolated' && !scoped.predicates.some((p) => p.entity === entity)) throw new CoreError('SCOPE_VIOLATION', `Entity "${entity}" has no tenant predicate and is not shared.`);
  }
  for (const predicate of scoped.predicates) {
    if (!inQuery.includes(predicate.entity)) throw new CoreError('SCOPE_VIOLATION', `A tenant predicate names "${predicate.entity}", which the query does not touch.`);
  }
  // Predicates of entities only a subquery reads are applied inside that subquery (compile-related.ts, compile-vs-aggregate.ts).
  return scoped.predicates.filter((p) => outer.includes(p.entity)).map((p) => sql`${columnOf(p.entity, p.column)} = ${hooks.bindValue(p.value)}`);
}

function compileList(plan: ListPlan, frame: QueryFrame, model: SemanticModel, hooks: DialectHooks): Sql {
  const select = plan.fields.map((ref) => sql`${valueColumn(model, ref, hooks)} as ${sql.id(listFieldAlias(plan, ref))}`);
  const orderBy = plan.orderBy.map((order) => orderNullsLast(hooks, valueColumn(model, order.field, hooks), order.direction));
  if (plan.distinct) {
    // A distinct list can only be ordered by what it shows: its own columns break ties, in order.
    for (const ref of plan.fields) if (!plan.orderBy.some((o) => o.field.entity === ref.entity && o.field.field === ref.field)) orderBy.push(orderNullsLast(hooks, valueColumn(model, ref, hooks), 'asc'));
    return sql`select distinct ${sql.join(select)} from ${frame.from}${clause(' where ', frame.where, ' and ')}${clause(' order by ', orderBy)}`;
  }
  // The primary key breaks ties, so a capped list is the same rows every time.
  const base = entityOf(model, plan.entity);
  const key = base.primaryKey === undefined ? undefined : ownEntry(base.fields, base.primaryKey);
  if (key && !plan.orderBy.some((o) => o.field.entity === plan.entity && o.field.field === key.name)) orderBy.push(sql`${columnOf(plan.entity, key.column)} asc`);
  return sql`select ${sql.join(select)} from ${frame.from}${clause(' where ', frame.where, ' and ')}${clause(' order by ', orderBy)}`;
}
