/**
 * The SQL spellings of the plan's aggregates of aggregates and percentages (issue 41), each carried only
 * where the plan means exactly what the SQL does:
 * - `SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM t WHERE ... GROUP BY x)` (also MIN, MAX, SUM) is a
 *   `rollup` over x. The plan leaves out the group whose x is NULL, which GROUP BY keeps, so x must be
 *   a primary key (never NULL) or the inner WHERE must say `x IS NOT NULL`.
 * - `100.0 * SUM(a) / SUM(b)` (or `SUM(a) * 100.0 / SUM(b)`) is a ratio with `percent`. The 100 must be
 *   written as a decimal and multiplied first: `100 * SUM(a) / SUM(b)` divides integers in SQLite, and
 *   `SUM(a) / SUM(b) * 100.0` divides before it multiplies; neither is what the plan computes.
 * - `x, 100.0 * SUM(e) / (SELECT SUM(e) FROM t) ... GROUP BY x` is `percent_of_total` when the subquery
 *   reads exactly the rows of the outer query (the same FROM, joins included, and the same WHERE), so its
 *   total is the total over every group.
 * Anything else about these statements (ORDER BY a percentage, HAVING) is refused by name. Returns
 * undefined for a statement that uses none of them, which select-to-plan.ts reads as before.
 */
import type { AggregatePlan, MeasureSpec, QueryPlanInput, RollupAggregation, SemanticModel, SimpleMeasure } from '@askdata/core';
import { conjuncts } from './join-graph';
import { isAggregate, measureOf } from './measures';
import type { SqlNode } from './parse-sql';
import { selectToPlan, type TranslatedSelect } from './select-to-plan';
import { unsupported } from './sql-import-error';

const ROLLUPS: Record<string, RollupAggregation> = { AVG: 'avg', MIN: 'min', MAX: 'max', SUM: 'sum' };
const isEmptyLimit = (select: SqlNode): boolean => ((select.limit?.value ?? []) as SqlNode[]).length === 0;
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function rollupOrPercentToPlan(model: SemanticModel, select: SqlNode, ignored: string[]): QueryPlanInput | undefined {
  return rollupToPlan(model, select, ignored) ?? percentToPlan(model, select, ignored);
}

/** `SELECT AGG(alias), ... FROM (SELECT ..., AGG2(...) AS alias ... GROUP BY x) [AS t]`. */
function rollupToPlan(model: SemanticModel, select: SqlNode, ignored: string[]): QueryPlanInput | undefined {
  const from = (select.from ?? []) as SqlNode[];
  const inner = from.length === 1 ? (from[0]?.expr?.ast as SqlNode | undefined) : undefined;
  if (inner === undefined) return undefined;
  const columns = (Array.isArray(select.columns) ? select.columns : []) as SqlNode[];
  const outer = columns.map((c) => c.expr as SqlNode);
  const names = outer.map((e) => String(e?.name ?? '').toUpperCase());
  if (outer.length === 0 || !outer.every((e, i) => isAggregate(e) && ROLLUPS[names[i]!] !== undefined && e.args?.expr?.type === 'column_ref' && typeof e.args?.distinct !== 'string')) return undefined;
  if (new Set(names).size > 1) throw unsupported('aggregates of a subquery by different aggregations', 'a plan aggregates the per-group figures one way');
  if (select.where || select.groupby || select.having || select.orderby || !isEmptyLimit(select) || select.distinct?.type === 'DISTINCT') throw unsupported('a condition, grouping or order on the rows of a subquery in FROM');
  if (inner._next || inner.with || inner.having || inner.orderby || !isEmptyLimit(inner) || inner.distinct?.type === 'DISTINCT') throw unsupported('a subquery in FROM with HAVING, ORDER BY, LIMIT or DISTINCT');
  const groupBy = ((inner.groupby?.columns ?? inner.groupby ?? []) as SqlNode[]).filter(Boolean);
  const [key] = groupBy;
  if (groupBy.length !== 1 || key?.type !== 'column_ref') throw unsupported('a subquery in FROM that is not grouped by one column');
  const innerItems = ((Array.isArray(inner.columns) ? inner.columns : []) as SqlNode[]);
  const aggregates = innerItems.filter((c) => isAggregate(c.expr));
  // `x IS NOT NULL` on the grouped column is what the rollup does itself (it leaves out NULL groups), so it
  // is read as part of the rollup, not as a filter (a hidden key, the usual group, could not be one).
  const notNull = conjuncts(inner.where).filter((c) => isNotNullOf(c, key));
  const where = conjuncts(inner.where).filter((c) => !notNull.includes(c)).reduce<SqlNode | null>((all, c) => (all === null ? c : { type: 'binary_expr', operator: 'AND', left: all, right: c }), null);
  const measuresOnly = { ...inner, columns: aggregates, groupby: null, where };
  const translated = withoutDataChecks(selectToPlan(model, measuresOnly, ignored));
  const plan = translated.plan as AggregatePlan;
  if (plan.kind !== 'aggregate' || plan.measures.length !== aggregates.length) throw unsupported('the same aggregate twice in a subquery in FROM');
  const over = translated.scope.keyOrVisibleField(key);
  for (const item of innerItems) {
    if (isAggregate(item.expr)) continue;
    const shown = item.expr?.type === 'column_ref' ? translated.scope.keyOrVisibleField(item.expr) : undefined;
    if (shown === undefined || shown.entity !== over.entity || shown.field !== over.field) throw unsupported('a column of a subquery in FROM that is not its GROUP BY column');
  }
  if (model.entities[over.entity]?.primaryKey !== over.field && notNull.length === 0) throw unsupported('a subquery grouped by a column that may be NULL', `the plan leaves out the rows whose ${over.entity}.${over.field} is NULL and GROUP BY keeps them; add "${String(key.column?.expr?.value ?? 'it')} IS NOT NULL" to its WHERE`);
  const byAlias = new Map(aggregates.map((c, i) => [String(c.as ?? ''), plan.measures[i]!]));
  const measures = outer.map((e) => {
    const alias = String(e.args.expr.column?.expr?.value ?? e.args.expr.column);
    const measure = byAlias.get(alias);
    if (measure === undefined || alias === '') throw unsupported('an aggregate of a column that is not an aggregate of the subquery in FROM', alias);
    return measure;
  });
  return { ...plan, measures, dimensions: [], rollup: { aggregation: ROLLUPS[names[0]!]!, over: { field: over } } };
}

/** `key IS NOT NULL`, the grouped column written the same way (the same table name or alias, or none). */
function isNotNullOf(condition: SqlNode, key: SqlNode): boolean {
  return condition.type === 'binary_expr' && String(condition.operator).toUpperCase() === 'IS NOT' && condition.right?.type === 'null' && condition.left?.type === 'column_ref' && same(condition.left.table, key.table) && same(condition.left.column, key.column);
}

interface Percent {
  numerator: SqlNode;
  /** An aggregate (a ratio) or a scalar subquery's one aggregate (a percentage of the total). */
  denominator: SqlNode;
  total?: SqlNode;
}

const isDecimalHundred = (node: SqlNode | undefined): boolean => node?.type === 'number' && String(node.value).includes('.') && Number(node.value) === 100;

/** `100.0 * A / B` or `A * 100.0 / B`, where A is an aggregate and B an aggregate or `(SELECT AGG FROM ...)`. */
function percentOf(node: SqlNode | undefined): Percent | undefined {
  if (node?.type !== 'binary_expr' || node.operator !== '/' || node.left?.type !== 'binary_expr' || node.left.operator !== '*') return undefined;
  const { left, right } = node.left as SqlNode;
  const numerator = isDecimalHundred(left) ? right : isDecimalHundred(right) ? left : undefined;
  if (!isAggregate(numerator)) return undefined;
  if (isAggregate(node.right)) return { numerator, denominator: node.right };
  const sub = (node.right?.ast ?? (node.right?.type === 'expr_list' ? node.right.value?.[0]?.ast : undefined)) as SqlNode | undefined;
  const only = sub?.columns?.length === 1 ? (sub.columns[0]?.expr as SqlNode) : undefined;
  if (sub === undefined || !isAggregate(only)) return undefined;
  return { numerator, denominator: only!, total: sub };
}

/** A SELECT whose columns are grouped columns, aggregates and percentages of them. */
function percentToPlan(model: SemanticModel, select: SqlNode, ignored: string[]): QueryPlanInput | undefined {
  const items = (Array.isArray(select.columns) ? select.columns : []) as SqlNode[];
  const percents = items.map((c) => percentOf(c.expr as SqlNode));
  if (percents.every((p) => p === undefined)) return undefined;
  if (select.having) throw unsupported('HAVING beside a percentage');
  for (const p of percents) {
    if (p?.total === undefined) continue;
    const sub = p.total;
    const plain = !sub._next && !sub.groupby && !sub.having && !sub.orderby && isEmptyLimit(sub) && sub.distinct?.type !== 'DISTINCT';
    if (!plain || !same(sub.from, select.from) || !same(sub.where, select.where) || !same(sub.columns[0]?.expr, p.numerator)) {
      throw unsupported('a subquery used as a value', 'a percentage of a total over other rows than the query reads (the same FROM, joins and WHERE, and the same aggregate, make it a percentage of the total)');
    }
  }
  // The same statement with each percentage written as its aggregates: the plan reads it as before.
  const columns = items.flatMap((c, i) => {
    const p = percents[i];
    if (p === undefined) return [c];
    return p.total === undefined ? [{ expr: p.numerator, as: null }, { expr: p.denominator, as: null }] : [{ expr: p.numerator, as: null }];
  });
  const translated = withoutDataChecks(selectToPlan(model, { ...select, columns }, ignored));
  const plan = translated.plan as AggregatePlan;
  if (plan.kind !== 'aggregate') throw unsupported('a percentage without aggregates');
  if (plan.orderBy.some((o) => o.target === 'measure')) throw unsupported('ORDER BY beside a percentage', 'order by a grouped column, or not at all');
  const index = (node: SqlNode): SimpleMeasure => {
    const measure = measureOf(translated.scope, node, translated.graph.base);
    const found = plan.measures.find((m) => same(m, measure));
    if (found === undefined || (found.kind !== 'count' && found.kind !== 'model' && found.kind !== 'aggregate')) throw unsupported('this percentage');
    return found;
  };
  const measures: MeasureSpec[] = items.flatMap((c, i): MeasureSpec[] => {
    const p = percents[i];
    if (p === undefined) return isAggregate(c.expr) ? [index(c.expr)] : [];
    return p.total === undefined ? [{ kind: 'ratio', numerator: index(p.numerator), denominator: index(p.denominator), percent: true }] : [{ kind: 'percent_of_total', of: index(p.numerator) }];
  });
  if (measures.length > 4) throw unsupported('more than four aggregates');
  return { ...plan, measures };
}

/**
 * A select whose reading rests on facts the import checks against the tenant's data afterwards (names
 * unique without their key, NOT IN links without NULLs: sql-to-plan.ts hands them to the caller) is refused
 * inside a rollup or a percentage, where those checks are not carried: refusing is exact, guessing is not.
 */
function withoutDataChecks(translated: TranslatedSelect): TranslatedSelect {
  if ((translated.namesAssumedUnique?.length ?? 0) > 0) throw unsupported('GROUP BY a name column without its key inside a rollup or a percentage');
  if ((translated.notInLinks?.length ?? 0) > 0) throw unsupported('NOT IN with a subquery inside a rollup or a percentage');
  return translated;
}
