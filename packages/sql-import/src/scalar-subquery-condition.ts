/**
 * `x > (SELECT AVG(x) FROM t [JOIN ...] [WHERE ...])` and the correlated `x = (SELECT MAX(x) FROM t2 WHERE
 * t2.g = t.g)`: a row compared with one figure over other rows, as a `vs_aggregate` filter. Read only where
 * the plan's subquery keeps exactly the SQL's rows: the figure is AVG, MIN, MAX or SUM of one column of the
 * subquery's first table (the "many" end of its joins, so a join cannot repeat the rows averaged); every
 * other table it joins (inner joins only) is named by one of its conditions, as the plan joins exactly the
 * tables its conditions need; each link to the outer query equates one column with the same column of the
 * same table outside (`per`); tenant predicates are dropped, as everywhere: the tenant comes from the caller.
 */
import type { FieldRef, PlainFilter, VsAggregateFilter } from '@askdata/core';
import type { SqlNode } from './parse-sql';
import { NameScope, refuseNumberStoredAsText, sourcesOf } from './name-scope';
import { conjuncts, isColumnEquality, joinGraph } from './join-graph';
import { describe } from './literals';
import { unsupported } from './sql-import-error';
import type { ConditionContext, ReadConditions } from './condition-context';

const COMPARISONS: Record<string, VsAggregateFilter['compare']> = { '=': 'eq', '!=': 'neq', '<>': 'neq', '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte' };
const FIGURES: Record<string, VsAggregateFilter['aggregation']> = { AVG: 'avg', MIN: 'min', MAX: 'max', SUM: 'sum' };

const sameRef = (a: FieldRef, b: FieldRef): boolean => a.entity === b.entity && a.field === b.field;

/** `filtersOf` is conditions.ts's reader, passed in so that the two files do not import each other. */
export function scalarSubqueryFilter(ctx: ConditionContext, left: SqlNode, operator: string, sub: SqlNode, filtersOf: ReadConditions): VsAggregateFilter {
  const text = `${describe(left)} ${operator} (SELECT ...)`;
  const compare = COMPARISONS[operator];
  if (compare === undefined) throw unsupported('a subquery used as a value', text);
  if (sub._next) throw unsupported('a set operation inside a subquery');
  if (sub.limit?.value?.length > 0) throw unsupported('LIMIT inside a subquery');
  if (sub.groupby || sub.having) throw unsupported('a subquery used as a value', 'with GROUP BY or HAVING');
  const columns = sub.columns as SqlNode[];
  const figure = Array.isArray(columns) && columns.length === 1 ? columns[0]?.expr : undefined;
  const aggregation = figure?.type === 'aggr_func' ? FIGURES[String(figure.name).toUpperCase()] : undefined;
  const argument = figure?.args?.expr as SqlNode | undefined;
  if (aggregation === undefined || argument?.type !== 'column_ref' || figure.args?.distinct) throw unsupported('a subquery used as a value', `${text}: only AVG, MIN, MAX or SUM of one column`);
  for (const item of sub.from as SqlNode[]) if (item.join && !/^(INNER JOIN|JOIN)$/i.test(item.join)) throw unsupported('a subquery used as a value', `${text}: with ${String(item.join).toUpperCase()}`);

  const outerColumn = ctx.scope.resolve(left);
  if (outerColumn.kind === 'field' && outerColumn.field.textDateFormat !== undefined) throw unsupported('a comparison with a date kept as text', describe(left));
  const field = ctx.scope.visibleField(left);

  const scope = new NameScope(ctx.scope.model, sourcesOf(ctx.scope.model, sub.from), ctx.scope);
  const joins: SqlNode[] = (sub.from as SqlNode[]).flatMap((item) => conjuncts(item.on));
  const per: FieldRef[] = [];
  const rest: SqlNode[] = [];
  for (const condition of conjuncts(sub.where)) {
    if (!isColumnEquality(condition)) {
      rest.push(condition);
      continue;
    }
    const sides = [condition.left, condition.right].map((side: SqlNode) => scope.resolve(side, false));
    const inner = sides.filter((side) => side.scope === scope);
    if (inner.length === 2) {
      joins.push(condition);
      continue;
    }
    if (inner.length === 0) throw unsupported('a subquery used as a value', `${text}: a condition only on the outer query`);
    const [a, b] = sides as [(typeof sides)[number], (typeof sides)[number]];
    if (a.kind === 'tenant' && b.kind === 'tenant') {
      ctx.ignored.push(`${a.text} = ${b.text}`);
      continue;
    }
    // `per` reads the same field on both sides: t2.category = t.category, never t2.product_id = t.id.
    if (a.kind !== 'field' || b.kind !== 'field' || a.source.entity.name !== b.source.entity.name || a.field.name !== b.field.name) {
      throw unsupported('a subquery used as a value', `${text}: linked to the outer query other than by the same column (${a.text} = ${b.text})`);
    }
    refuseNumberStoredAsText(a);
    per.push({ entity: a.source.entity.name, field: a.field.name });
  }
  const graph = joinGraph(scope, joins);
  const of = scope.visibleField(argument);
  if (of.entity !== graph.base.entity.name) throw unsupported('a subquery used as a value', `${text}: the figure is not of the subquery's first table`);
  const innerContext: ConditionContext = { scope, ignored: ctx.ignored };
  const where = rest.flatMap((condition) => filtersOf(innerContext, condition, false)) as PlainFilter[];
  // The plan joins a table only for a condition on it; a join the SQL made and used for nothing would drop
  // the rows it finds no partner for, and the plan would not.
  for (const source of scope.sources) {
    if (source === graph.base) continue;
    const named = where.some((f) => f.field.entity === source.entity.name) || per.some((p) => p.entity === source.entity.name);
    if (!named) throw unsupported('a subquery used as a value', `${text}: it joins "${source.entity.table}" for no condition`);
  }
  if (per.length > 2) throw unsupported('a subquery used as a value', `${text}: linked to the outer query by more than two columns`);
  if (new Set(per.map((p) => `${p.entity}.${p.field}`)).size !== per.length || per.some((p, i) => per.findIndex((q) => sameRef(p, q)) !== i)) throw unsupported('a subquery used as a value', `${text}: the same link twice`);
  return { op: 'vs_aggregate', field, compare, aggregation, of, where, per };
}
