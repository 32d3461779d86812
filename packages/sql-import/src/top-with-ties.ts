/**
 * "The rows with the top figure, ties included", the way SQL writes it without window functions:
 *
 *   SELECT <columns of Q> FROM (Q) WHERE k IS (SELECT k FROM (Q) ORDER BY k DESC LIMIT 1)
 *
 * where Q shows some columns and one figure `(<expression>) AS k` ("the building with the most faculty",
 * when two buildings have as many). `=` reads the same as `IS` here: the subquery's one value is compared
 * with each row's. That is Q ordered by the figure, limit 1, with its ties kept: the plan IR's `ties`.
 *
 * Read only in exactly this shape: the same Q on both sides, nothing else in the outer query, the outer
 * columns those of Q without k, in order, and no ORDER BY or LIMIT inside Q. The figure must be a count:
 * any other figure may be NULL, and where a NULL sorts (first or last) differs between engines and between
 * ASC and DESC, so the SQL's top row could be the NULL one, which the plan (NULLs last) never ranks first.
 */
import type { SemanticModel } from '@askdata/core';
import type { SqlNode } from './parse-sql';
import { selectToPlan, type TranslatedSelect } from './select-to-plan';
import { unsupported } from './sql-import-error';

const isEmptyLimit = (select: SqlNode): boolean => ((select.limit?.value ?? []) as SqlNode[]).length === 0;
/** A column's name, without its table; `unqualified` refuses a `T1.name` (a name the outer query reads has none). */
const columnName = (node: SqlNode | undefined, unqualified = true): string | undefined => {
  if (node?.type !== 'column_ref' || (unqualified && node.table)) return undefined;
  const column = node.column as SqlNode | string;
  return String(typeof column === 'string' ? column : column?.expr?.value ?? '').toLowerCase() || undefined;
};
/** The name a column of Q has outside it: its alias, else its column's name (SQLite drops the table). */
const itemName = (item: SqlNode): string | undefined => (typeof item.as === 'string' ? item.as.toLowerCase() : columnName(item.expr, false));
const subqueryOf = (from: unknown): SqlNode | undefined => {
  const items = (Array.isArray(from) ? from : []) as SqlNode[];
  return items.length === 1 ? (items[0]?.expr?.ast as SqlNode | undefined) : undefined;
};
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
/** COUNT(...), also in the parentheses the idiom wraps it in: never NULL, 0 for no rows. */
const isCount = (node: SqlNode | undefined): boolean => {
  const inner = node?.type === 'expr_list' && Array.isArray(node.value) && node.value.length === 1 ? (node.value[0] as SqlNode) : node;
  return inner?.type === 'aggr_func' && String(inner.name).toUpperCase() === 'COUNT';
};

/** The plan of a top-with-ties statement, or undefined when the statement is not one. */
export function topWithTiesToPlan(model: SemanticModel, select: SqlNode, ignored: string[]): TranslatedSelect | undefined {
  const inner = subqueryOf(select.from);
  const where = select.where as SqlNode | null;
  if (inner === undefined || where?.type !== 'binary_expr' || (where.operator !== 'IS' && where.operator !== '=')) return undefined;
  const key = columnName(where.left);
  const top = where.right?.ast as SqlNode | undefined;
  if (key === undefined || top === undefined) return undefined;
  const order = (top.orderby ?? []) as SqlNode[];
  const topColumns = (Array.isArray(top.columns) ? top.columns : []) as SqlNode[];
  const limit = (top.limit?.value ?? []) as SqlNode[];
  const isTop =
    topColumns.length === 1 && columnName(topColumns[0]?.expr) === key && same(subqueryOf(top.from), inner) && !top.where && !top.groupby && !top.having &&
    order.length === 1 && columnName(order[0]?.expr) === key && limit.length === 1 && Number(limit[0]?.value) === 1 && top.limit?.seperator !== 'offset';
  if (!isTop) return undefined;
  // From here the statement is this idiom: what does not fit is refused by name, not read another way.
  if (select.groupby || select.having || select.orderby || !isEmptyLimit(select) || select.distinct?.type === 'DISTINCT') throw unsupported('a grouping or order around the rows with the top figure');
  if (inner.orderby || !isEmptyLimit(inner) || inner._next || inner.with) throw unsupported('ORDER BY, LIMIT or a set operation inside the rows ranked by their top figure');
  const innerItems = (Array.isArray(inner.columns) ? inner.columns : []) as SqlNode[];
  const figure = innerItems.find((item) => itemName(item) === key);
  const shown = innerItems.filter((item) => item !== figure).map(itemName);
  const outer = ((Array.isArray(select.columns) ? select.columns : []) as SqlNode[]).map((item) => columnName(item.expr));
  if (figure === undefined || !same(outer, shown)) throw unsupported('columns around the rows with the top figure other than those they show');
  if (!isCount(figure.expr)) throw unsupported('the rows with the top figure, by a figure that may be NULL', 'only a count is never NULL');
  const direction = String(order[0]?.type ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  // Q itself, ordered by its figure and cut at one row: the plan that Q's own ORDER BY ... LIMIT 1 reads to.
  const ranked = { ...inner, orderby: [{ expr: figure.expr, type: direction }], limit: { seperator: '', value: [{ type: 'number', value: 1 }] } };
  const translated = selectToPlan(model, ranked, ignored);
  if (translated.plan.limit !== 1 || (translated.plan.orderBy ?? []).length !== 1) throw unsupported('rows ranked by their top figure that the plan cannot order');
  return { ...translated, plan: { ...translated.plan, ties: true } };
}
