/**
 * HAVING against every group ("customers who spent more than the average customer"): a group's measure
 * compared with the average, lowest or highest of that measure over all the plan's groups. The grouped
 * query adds the figure as a window over its groups (`avg(<measure>) over ()`, which SQLite, PostgreSQL,
 * MariaDB and DuckDB all run) and the outer query keeps the groups that pass, so the groups are read once,
 * under the same WHERE, tenant predicates included, and no second scoping is needed. Every HAVING
 * condition moves to the outer query, so the figure is over all groups, not only those a value condition
 * keeps. The outer query selects exactly the plan's columns and carries the order; the LIMIT and the tie
 * ranking wrap it as they wrap any grouped query (compile-query.ts).
 */
import { sql } from 'kysely';
import type { AggregatePlan, Having } from '../plan/query-plan';
import { measureAlias } from './describe-columns';
import type { DialectHooks, Sql } from './dialect-hooks';

export const AGAINST_GROUPS_ALIAS = 'against_groups';
const figureAlias = (index: number): string => `a${index}`;
const COMPARISONS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

export const isAgainstGroups = (condition: Having): condition is Extract<Having, { against: unknown }> => 'against' in condition;

export interface GroupedParts {
  /** The grouped query's columns (`<expression> as <alias>`) and their aliases, in output order. */
  select: Sql[];
  aliases: string[];
  /** Each measure's aggregate expression, by measure index. */
  measures: Sql[];
  from: Sql;
  where: Sql;
  groupBy: Sql;
  /** The order terms over the output aliases. */
  orderBy: Sql;
}

export function compileHavingAgainst(plan: AggregatePlan, parts: GroupedParts, _hooks: DialectHooks): Sql {
  const figures = plan.having.flatMap((condition, i) => (isAgainstGroups(condition) ? [sql`${sql.raw(condition.against.aggregation)}(${parts.measures[condition.measure] ?? sql`null`}) over () as ${sql.id(figureAlias(i))}`] : []));
  const inner = sql`select ${sql.join([...parts.select, ...figures])} from ${parts.from}${parts.where}${parts.groupBy}`;
  const conditions = plan.having.map((condition, i) => {
    const measure = sql.id(AGAINST_GROUPS_ALIAS, measureAlias(condition.measure));
    const other = isAgainstGroups(condition) ? sql.id(AGAINST_GROUPS_ALIAS, figureAlias(i)) : sql`${condition.value}`;
    return sql`${measure} ${sql.raw(COMPARISONS[condition.op])} ${other}`;
  });
  const columns = parts.aliases.map((alias) => sql`${sql.id(AGAINST_GROUPS_ALIAS, alias)} as ${sql.id(alias)}`);
  return sql`select ${sql.join(columns)} from (${inner}) as ${sql.id(AGAINST_GROUPS_ALIAS)} where ${sql.join(conditions, sql` and `)}${parts.orderBy}`;
}
