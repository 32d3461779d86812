/**
 * An aggregate of a grouped aggregate ("average revenue per month", "the busiest day's orders", "orders per
 * customer"), in two steps: the inner query computes every measure per (period, dimensions, `over` value);
 * the outer query aggregates those figures with the rollup's aggregation per (period, dimensions). Groups
 * whose `over` value is NULL are left out: an order without a customer is not a customer, an order without
 * a date is in no month. Only `over` values with at least one selected row are groups (a day without orders
 * is not a day with 0 orders), as in `SELECT avg(n) FROM (SELECT count(*) AS n ... GROUP BY day)`.
 *
 * Scoping: the inner query is the plan's own FROM/WHERE (frame), tenant predicates included, and reads no
 * other entity; the outer query reads only the inner one. So no entity is read outside the frame, and
 * scopePlan/compileQuery need to know nothing more (tested in compile-rollup.test.ts).
 */
import { sql } from 'kysely';
import { CoreError } from '../errors/core-error';
import type { Rollup } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { valueColumn } from './column-ref';
import type { DialectHooks, Sql } from './dialect-hooks';

const OVER_ALIAS = 'g';
const INNER_ALIAS = 'per_group';
const identityAlias = (index: number): string => `k${index}`;

/** A grouped output column (compile-aggregate.ts): grouped by position unless `groupBy` is given. */
export interface RollupKey {
  alias: string;
  expression: Sql;
  groupBy?: Sql;
}

export interface RollupParts {
  rollup: Rollup;
  frame: { from: Sql; where: Sql[] };
  /** The period and dimension columns, in output order. */
  keys: RollupKey[];
  /** Primary keys that keep same-named groups apart (compile-aggregate.ts identityColumns). */
  identities: Sql[];
  measures: { alias: string; expression: Sql }[];
  /** The plan's ORDER BY, given how to read the n-th measure's aggregate. */
  orderTerms: (measureValue: (index: number) => Sql | undefined) => Sql[];
  overKey: (over: Rollup['over']) => { expression: Sql; groupBy?: Sql };
  model: SemanticModel;
  hooks: DialectHooks;
}

export function compileRollup(parts: RollupParts): Sql {
  const { rollup, frame, keys, identities, measures, model, hooks } = parts;
  const over = parts.overKey(rollup.over);
  const innerColumns: RollupKey[] = [...keys, { alias: OVER_ALIAS, ...over }, ...identities.map((expression, i) => ({ alias: identityAlias(i), expression }))];
  const innerSelect = [...innerColumns, ...measures].map((c) => sql`${c.expression} as ${sql.id(c.alias)}`);
  const innerWhere = [...frame.where, sql`${valueColumn(model, rollup.over.field, hooks)} is not null`];
  const inner = sql`select ${sql.join(innerSelect)} from ${frame.from}${clause(' where ', innerWhere, ' and ')} group by ${sql.join(innerColumns.map((column, i) => column.groupBy ?? sql.raw(String(i + 1))))}`;
  const outerValue = (alias: string): Sql => rollupAggregate(rollup.aggregation, sql.id(INNER_ALIAS, alias), hooks);
  const outerSelect = [...keys.map((c) => sql`${sql.id(INNER_ALIAS, c.alias)} as ${sql.id(c.alias)}`), ...measures.map((c) => sql`${outerValue(c.alias)} as ${sql.id(c.alias)}`)];
  const orderBy = parts.orderTerms((i) => (measures[i] ? outerValue(measures[i].alias) : undefined));
  const outerGroupBy = [...keys.map((_, i) => sql.raw(String(i + 1))), ...identities.map((_, i) => sql.id(INNER_ALIAS, identityAlias(i)))];
  return sql`select ${sql.join(outerSelect)} from (${inner}) as ${sql.id(INNER_ALIAS)}${clause(' group by ', outerGroupBy)}${clause(' order by ', orderBy)}`;
}

function rollupAggregate(aggregation: Rollup['aggregation'], value: Sql, hooks: DialectHooks): Sql {
  switch (aggregation) {
    case 'avg':
      return sql`avg(${value})`;
    case 'min':
      return sql`min(${value})`;
    case 'max':
      return sql`max(${value})`;
    case 'sum':
      return sql`sum(${value})`;
    case 'median':
      // Validation refuses it first where the dialect has none (plan/dialect-capabilities.ts); this guards the compiler alone.
      if (!hooks.median) throw new CoreError('PLAN_INVALID', `Median is not supported on ${hooks.name}.`, { issues: [{ path: 'rollup.aggregation', message: `median is not supported on ${hooks.name}` }] });
      return hooks.median(value);
    default: {
      const unknown: never = aggregation;
      throw new CoreError('PLAN_INVALID', `Unknown rollup aggregation ${JSON.stringify(unknown)}.`);
    }
  }
}

// compile-aggregate.ts has the same helper; importing it from there would make the two files import each other.
function clause(keyword: string, parts: Sql[], separator = ', '): Sql {
  return parts.length === 0 ? sql`` : sql`${sql.raw(keyword)}${sql.join(parts, sql.raw(separator))}`;
}
