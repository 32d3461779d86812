/**
 * The aggregate part of a query: select, group by and order by over the already-built FROM/WHERE.
 *
 * Output columns (describe-columns.ts owns the names): `period` (the index of the compared period, when
 * the plan has comparePeriods), `d0`, `d1` (dimensions), `m0`..`m3` (measures). Compared periods act as
 * a leading dimension: `case when <period 0> then 0 when <period 1> then 1 ... end`, with the WHERE
 * clause keeping only rows in some period (validation guarantees the periods do not overlap).
 *
 * A rollup or averageOver ("orders per customer", "average revenue per month") aggregates at the right
 * grain in two steps (compile-rollup.ts).
 */
import { sql } from 'kysely';
import type { AggregatePlan, Dimension } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { columnOf, entityOf, valueColumn } from './column-ref';
import { compileTimeRange } from './compile-filter';
import { compileMeasure } from './compile-measure';
import { compileHavingAgainst, isAgainstGroups } from './compile-having-against';
import { dimensionAlias, measureAlias, PERIOD_ALIAS } from './describe-columns';
import type { DialectHooks, Sql } from './dialect-hooks';
import { orderNullsLast } from './order-term';
import { ownEntry } from '../semantic/name-record';
import { planRollup } from '../plan/plan-rollup';
import { compileRollup } from './compile-rollup';

/** The statement before its LIMIT: the FROM clause (with joins) and WHERE conditions come from compileQuery. */
export interface QueryFrame {
  from: Sql;
  where: Sql[];
}

const HAVING_OPS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

export function clause(keyword: string, parts: Sql[], separator = ', '): Sql {
  return parts.length === 0 ? sql`` : sql`${sql.raw(keyword)}${sql.join(parts, sql.raw(separator))}`;
}

/** Conditions that keep rows inside any compared period, plus nothing when the plan compares none. */
export function periodConditions(plan: AggregatePlan, model: SemanticModel, hooks: DialectHooks): Sql[] {
  if (!plan.comparePeriods) return [];
  return [sql`(${sql.join(plan.comparePeriods.map((period) => sql`(${sql.join(compileTimeRange(period, model, hooks), sql` and `)})`), sql` or `)})`];
}

function periodKey(plan: AggregatePlan, model: SemanticModel, hooks: DialectHooks): Sql | undefined {
  if (!plan.comparePeriods) return undefined;
  const branches = plan.comparePeriods.map((period, i) => sql`when ${sql.join(compileTimeRange(period, model, hooks), sql` and `)} then ${sql.lit(i)}`);
  return sql`case ${sql.join(branches, sql` `)} end`;
}

export function compileAggregate(plan: AggregatePlan, frame: QueryFrame, model: SemanticModel, hooks: DialectHooks): Sql {
  const period = periodKey(plan, model, hooks);
  const keys: GroupKey[] = [...(period === undefined ? [] : [{ alias: PERIOD_ALIAS, expression: period }]), ...plan.dimensions.map((dimension, i) => ({ alias: dimensionAlias(i), ...dimensionExpression(dimension, model, hooks) }))];
  const identities = plan.dimensions.flatMap((dimension) => identityColumns(dimension, model));
  const measures = plan.measures.map((measure, i) => ({ alias: measureAlias(i), expression: compileMeasure(measure, model, hooks) }));
  const rollup = planRollup(plan);
  if (rollup === undefined) {
    const orderBy = orderTerms(plan, hooks, (i) => measures[i]?.expression);
    const select = [...keys, ...measures].map((c) => sql`${c.expression} as ${sql.id(c.alias)}`);
    // Group by position: the same expression is never written twice, so the two can never drift apart.
    const groupBy = [...keys.map((key, i) => key.groupBy ?? sql.raw(String(i + 1))), ...identities];
    if (plan.having.some(isAgainstGroups)) {
      // The outer query orders by the output columns themselves, so no aggregate is repeated there.
      const parts = { select, aliases: [...keys, ...measures].map((c) => c.alias), measures: measures.map((m) => m.expression), from: frame.from, where: clause(' where ', frame.where, ' and '), groupBy: clause(' group by ', groupBy), orderBy: clause(' order by ', orderTerms(plan, hooks, () => undefined)) };
      return compileHavingAgainst(plan, parts, hooks);
    }
    // HAVING repeats the measure's expression: PostgreSQL does not see output aliases there.
    const having = plan.having.map((condition) => sql`${measures[condition.measure]?.expression ?? sql`null`} ${sql.raw(HAVING_OPS[condition.op])} ${isAgainstGroups(condition) ? sql`null` : condition.value}`);
    return sql`select ${sql.join(select)} from ${frame.from}${clause(' where ', frame.where, ' and ')}${clause(' group by ', groupBy)}${clause(' having ', having, ' and ')}${clause(' order by ', orderBy)}`;
  }
  return compileRollup({ rollup, frame, keys, identities, measures, orderTerms: (value) => orderTerms(plan, hooks, value), overKey: (over) => dimensionExpression(over, model, hooks), model, hooks });
}

/**
 * A grouped output column. Grouping is by position, unless `groupBy` is given: a time bucket whose dialect
 * has a cheaper group key (DialectHooks.timeBucketKey) groups by that key and selects the text made from it.
 */
interface GroupKey {
  alias: string;
  expression: Sql;
  groupBy?: Sql;
}

function dimensionExpression(dimension: Dimension, model: SemanticModel, hooks: DialectHooks): { expression: Sql; groupBy?: Sql } {
  const column = valueColumn(model, dimension.field, hooks);
  if (dimension.grain === undefined) return { expression: column };
  if (hooks.timeBucketKey === undefined) return { expression: hooks.timeBucket(column, dimension.grain) };
  const bucket = hooks.timeBucketKey(column, dimension.grain);
  return { expression: bucket.text, groupBy: bucket.key };
}

/**
 * Periods first, in the order the plan gives them; then the plan's own order; then the dimensions break
 * ties (and give series their chronological order), so results are deterministic. Measures are ordered by
 * their alias; `measureValue` is the aggregate the alias names, for dialects that cannot test an
 * aggregate's alias for NULL (see DialectHooks.orderNullsLast).
 */
function orderTerms(plan: AggregatePlan, hooks: DialectHooks, measureValue: (index: number) => Sql | undefined): Sql[] {
  const ordered: { alias: string; direction: 'asc' | 'desc'; value?: Sql }[] = plan.comparePeriods ? [{ alias: PERIOD_ALIAS, direction: 'asc' }] : [];
  for (const order of plan.orderBy) {
    const value = order.target === 'measure' ? measureValue(order.index) : undefined;
    ordered.push({ alias: order.target === 'measure' ? measureAlias(order.index) : dimensionAlias(order.index), direction: order.direction, ...(value ? { value } : {}) });
  }
  plan.dimensions.forEach((_, i) => {
    if (!ordered.some((o) => o.alias === dimensionAlias(i))) ordered.push({ alias: dimensionAlias(i), direction: 'asc' });
  });
  return ordered.map((o) => orderNullsLast(hooks, sql.id(o.alias), o.direction, o.value));
}

/**
 * "By customer" groups by the entity's display field (its name), but two customers can share a name:
 * grouping by the primary key as well keeps them apart instead of silently adding their figures up.
 */
function identityColumns(dimension: Dimension, model: SemanticModel): Sql[] {
  if (dimension.grain !== undefined) return [];
  const entity = entityOf(model, dimension.field.entity);
  const key = entity.primaryKey === undefined ? undefined : ownEntry(entity.fields, entity.primaryKey);
  if (entity.displayField !== dimension.field.field || !key || key.name === dimension.field.field) return [];
  return [columnOf(entity.name, key.column)];
}
