/**
 * WHERE conditions as plan filters: comparisons, IN, BETWEEN, LIKE '%text%', IS [NOT] NULL, OR between
 * values of one column (an IN), and subqueries on related rows (`IN (SELECT fk ...)`, `NOT IN`, `[NOT]
 * EXISTS`, `IN (... GROUP BY fk HAVING COUNT(*) > n)`) as `related` filters. A condition on a tenant
 * column is dropped and reported: the tenant comes from the caller.
 */
import { isPlainFilter, type Filter, type PlainFilter, type RelatedCount, type RelatedFilter } from '@askdata/core';
import type { SqlNode } from './parse-sql';
import { NameScope, sourcesOf } from './name-scope';
import { conjuncts, isColumn, isColumnEquality, joinGraph } from './join-graph';
import { describe, isLiteral, literalFor } from './literals';
import { SqlImportError, unsupported } from './sql-import-error';
import { scalarSubqueryFilter } from './scalar-subquery-condition';
import type { ConditionContext } from './condition-context';

export type { ConditionContext } from './condition-context';
import { anyFilter, asLogicalOperator, disjuncts, notFilters } from './boolean-conditions';

const COMPARISONS: Record<string, 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte'> = { '=': 'eq', '!=': 'neq', '<>': 'neq', '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte' };
const FLIPPED: Record<string, string> = { '=': '=', '!=': '!=', '<>': '<>', '>': '<', '>=': '<=', '<': '>', '<=': '>=' };

const isSubquery = (node: SqlNode | undefined): boolean => node?.ast !== undefined || (node?.type === 'expr_list' && node.value?.length === 1 && node.value[0]?.ast !== undefined);
const subqueryOf = (node: SqlNode): SqlNode => (node.ast ?? node.value[0].ast) as SqlNode;

/**
 * `pattern` of LIKE as a contains value: '%text%' with no other wildcard, or undefined. A backslash is
 * refused too: PostgreSQL's LIKE reads it as an escape ('%a\_%' holds "a_"), SQLite's as a plain character,
 * so the text it stands for depends on the engine.
 */
function containsText(pattern: unknown): string | undefined {
  if (typeof pattern !== 'string') return undefined;
  const match = /^%([^%_\\]+)%$/.exec(pattern);
  return match?.[1];
}

/** The filters of one WHERE conjunct (none for a dropped tenant predicate). */
export function filtersOf(ctx: ConditionContext, written: SqlNode, allowRelated = true): Filter[] {
  const node = asLogicalOperator(written);
  if (node.type === 'unary_expr' && /^NOT EXISTS$|^EXISTS$/i.test(node.operator)) {
    if (!allowRelated) throw unsupported('a subquery inside a subquery');
    return [existsFilter(ctx, subqueryOf(node.expr), /^NOT/i.test(node.operator))];
  }
  if (node.type === 'unary_expr' && /^NOT$/i.test(node.operator)) return notFilters(node.expr, (n, allow) => filtersOf(ctx, n, allow), allowRelated);
  if (node.type !== 'binary_expr') throw unsupported('a condition that is not a comparison', describe(node));
  const operator = String(node.operator).toUpperCase();
  if (operator === 'OR') return [orAsIn(ctx, node) ?? anyFilter(node, (n, allow) => filtersOf(ctx, n, allow), allowRelated, (n) => orAsIn(ctx, n) !== undefined)];
  if (operator === 'AND') return [...filtersOf(ctx, node.left, allowRelated), ...filtersOf(ctx, node.right, allowRelated)];
  let { left, right } = node as { left: SqlNode; right: SqlNode };
  let op = operator;
  if (!isColumn(left) && isColumn(right) && FLIPPED[op] !== undefined) [left, right, op] = [right, left, FLIPPED[op]!];
  if (!isColumn(left)) throw unsupported('a condition on an expression', describe(left));
  if ((op === 'IN' || op === 'NOT IN') && isSubquery(right)) {
    if (!allowRelated) throw unsupported('a subquery inside a subquery');
    return [inSubqueryFilter(ctx, left, subqueryOf(right), op === 'NOT IN')];
  }
  if (isSubquery(right)) {
    if (!allowRelated) throw unsupported('a subquery inside a subquery');
    return [scalarSubqueryFilter(ctx, left, op, subqueryOf(right), filtersOf)];
  }
  if (isColumn(right)) throw unsupported('a comparison between two columns', `${describe(left)} ${op} ${describe(right)}`);
  const column = ctx.scope.resolve(left);
  if (column.kind === 'tenant') {
    ctx.ignored.push(column.text);
    return [];
  }
  const ref = ctx.scope.visibleField(left);
  const field = column.field;
  // A date kept as text ('23-OCT-10'): the SQL compares the text, a plan the day it stands for, so the two
  // would keep different rows ("CheckIn = '2010-10-23'" keeps none; the plan keeps that day's).
  if (field.textDateFormat !== undefined && op !== 'IS' && op !== 'IS NOT') throw unsupported('a comparison with a date kept as text', describe(left));
  const comparison = COMPARISONS[op];
  if (comparison !== undefined) return [{ op: comparison, field: ref, value: literalFor(right, field) }];
  switch (op) {
    case 'IN':
    case 'NOT IN': {
      const values = (right.type === 'expr_list' ? (right.value as SqlNode[]) : [right]).map((v) => literalFor(v, field));
      return [{ op: op === 'IN' ? 'in' : 'not_in', field: ref, values }];
    }
    case 'BETWEEN': {
      const [low, high] = right.value as [SqlNode, SqlNode];
      return [{ op: 'between', field: ref, low: literalFor(low, field), high: literalFor(high, field) }];
    }
    case 'LIKE':
    case 'ILIKE':
    case 'NOT LIKE':
    case 'NOT ILIKE': {
      const negated = op.startsWith('NOT');
      const text = containsText(right.value);
      if (text !== undefined) return [{ op: negated ? 'not_contains' : 'contains', field: ref, value: text }];
      if (typeof right.value === 'string' && !/[%_\\]/.test(right.value)) return [{ op: negated ? 'neq' : 'eq', field: ref, value: literalFor(right, field) }];
      throw unsupported('a LIKE pattern other than \'%text%\'', String(right.value));
    }
    case 'IS':
    case 'IS NOT':
      if (right.type !== 'null') throw unsupported(`${op} with something other than NULL`);
      return [{ op: op === 'IS' ? 'is_null' : 'is_not_null', field: ref }];
    default:
      throw unsupported(`the operator ${op}`);
  }
}

/**
 * `c = 'a' OR c = 'b' OR c IN (...)`: one column, equalities only, is an IN; any other OR is left to
 * anyFilter (boolean-conditions.ts), which reads it as groups of conditions or refuses it.
 */
function orAsIn(ctx: ConditionContext, node: SqlNode): Filter | undefined {
  const parts = disjuncts(node);
  let filters: Filter[];
  try {
    filters = parts.flatMap((part) => filtersOf(ctx, part, false));
  } catch {
    return undefined;
  }
  const plain = filters.filter(isPlainFilter);
  const [first] = plain;
  const sameColumn = plain.every((f) => f.field.entity === first?.field.entity && f.field.field === first?.field.field);
  if (first === undefined || plain.length !== parts.length || !sameColumn || plain.some((f) => f.op !== 'eq' && f.op !== 'in')) return undefined;
  const values = plain.flatMap((f) => (f.op === 'eq' ? [f.value] : f.op === 'in' ? f.values : []));
  return { op: 'in', field: first.field, values };
}

interface Subquery {
  scope: NameScope;
  base: NameScope['sources'][number];
  /** Plain conditions on the related rows. */
  where: PlainFilter[];
  /** Equalities with a column of the enclosing query (EXISTS). */
  correlations: SqlNode[];
  count?: RelatedCount;
}

function readSubquery(ctx: ConditionContext, sub: SqlNode): Subquery {
  if (sub._next) throw unsupported('a set operation inside a subquery');
  if (sub.limit?.value?.length > 0) throw unsupported('LIMIT inside a subquery');
  const scope = new NameScope(ctx.scope.model, sourcesOf(ctx.scope.model, sub.from), ctx.scope);
  const correlations: SqlNode[] = [];
  const joins: SqlNode[] = sub.from.flatMap((item: SqlNode) => conjuncts(item.on));
  const rest: SqlNode[] = [];
  for (const condition of conjuncts(sub.where)) {
    if (!isColumnEquality(condition)) {
      rest.push(condition);
      continue;
    }
    const outer = [condition.left, condition.right].some((side: SqlNode) => scope.resolve(side, false).scope !== scope);
    (outer ? correlations : joins).push(condition);
  }
  const graph = joinGraph(scope, joins);
  const inner: ConditionContext = { scope, ignored: ctx.ignored };
  const where = rest.flatMap((condition) => filtersOf(inner, condition, false)) as PlainFilter[];
  let count: RelatedCount | undefined;
  if (sub.having) {
    const having = sub.having as SqlNode;
    const op = COMPARISONS[String(having.operator)];
    const counted = having.left?.type === 'aggr_func' && String(having.left.name).toUpperCase() === 'COUNT';
    if (!counted || op === undefined || having.right?.type !== 'number') throw unsupported('a HAVING inside a subquery other than COUNT(*) compared with a number');
    count = { op, value: Number(having.right.value) };
  }
  return { scope, base: graph.base, where, correlations, ...(count ? { count } : {}) };
}

function related(outer: { entity: string; field: string }, sub: Subquery, viaField: string, negated: boolean): RelatedFilter {
  const relation = sub.scope.model.relations.find(
    (r) =>
      (r.fromEntity === sub.base.entity.name && r.fromField === viaField && r.toEntity === outer.entity && r.toField === outer.field) ||
      (r.fromEntity === outer.entity && r.fromField === outer.field && r.toEntity === sub.base.entity.name && r.toField === viaField),
  );
  if (relation === undefined) throw unsupported('a subquery that does not follow a relationship of the model', `${outer.entity}.${outer.field} and ${sub.base.entity.name}.${viaField}`);
  if (negated && sub.count) throw unsupported('NOT IN with a HAVING subquery');
  const count: RelatedCount = negated ? { op: 'eq', value: 0 } : (sub.count ?? { op: 'gt', value: 0 });
  return { op: 'related', field: outer, entity: sub.base.entity.name, via: viaField, where: sub.where, count };
}

/** A key of this query's tables (hidden keys allowed: a key is never shown). */
function keyOf(scope: NameScope, node: SqlNode, local = true): { entity: string; field: string; source: string } {
  const column = scope.resolve(node, local);
  if (column.kind === 'tenant') throw new SqlImportError('tenant column', `"${column.text}" is the tenant column; it cannot link a subquery.`, column.text);
  return { entity: column.source.entity.name, field: column.field.name, source: column.source.entity.name };
}

function inSubqueryFilter(ctx: ConditionContext, left: SqlNode, sub: SqlNode, negated: boolean): RelatedFilter {
  const read = readSubquery(ctx, sub);
  if (read.correlations.length > 0) throw unsupported('a correlated IN subquery');
  const columns = sub.columns as SqlNode[];
  if (!Array.isArray(columns) || columns.length !== 1 || columns[0]?.expr?.type !== 'column_ref') throw unsupported('an IN subquery that selects other than one column');
  const inner = keyOf(read.scope, columns[0]!.expr);
  if (inner.source !== read.base.entity.name) throw unsupported('an IN subquery whose column is not of its first table', describe(columns[0]!.expr));
  const outer = keyOf(ctx.scope, left);
  // NOT IN is "none equal" only without NULLs: a NULL in the subquery's column makes it false for every row,
  // a NULL on the left makes it false for that row; NOT EXISTS (the plan's reading) keeps both. A primary key
  // holds no NULL, so the left side must be one; the subquery's column is asked of the data once the tenant
  // is known (null-links.ts), unless it is a primary key too.
  const isPrimary = (key: { entity: string; field: string }): boolean => ctx.scope.model.entities[key.entity]?.primaryKey === key.field;
  if (negated && !isPrimary(outer)) throw unsupported('NOT IN with a subquery', 'a NULL makes NOT IN differ from NOT EXISTS; write NOT EXISTS');
  const filter = related({ entity: outer.entity, field: outer.field }, read, inner.field, negated);
  if (negated && !isPrimary(inner)) {
    if (ctx.notInLinks === undefined) throw unsupported('NOT IN with a subquery', 'a NULL makes NOT IN differ from NOT EXISTS; write NOT EXISTS');
    ctx.notInLinks.push(filter);
  }
  return filter;
}

function existsFilter(ctx: ConditionContext, sub: SqlNode, negated: boolean): RelatedFilter {
  const read = readSubquery(ctx, sub);
  const [correlation, ...more] = read.correlations;
  if (correlation === undefined || more.length > 0) throw unsupported('an EXISTS subquery not linked to the outer query by one key');
  const sides = [correlation.left, correlation.right] as [SqlNode, SqlNode];
  const innerSide = sides.find((side) => read.scope.resolve(side, false).scope === read.scope);
  const outerSide = sides.find((side) => side !== innerSide);
  if (!innerSide || !outerSide) throw unsupported('an EXISTS subquery not linked to the outer query by one key');
  const inner = keyOf(read.scope, innerSide);
  if (inner.source !== read.base.entity.name) throw unsupported('an EXISTS subquery linked through a column that is not of its first table');
  const outer = keyOf(read.scope, outerSide, false);
  return related({ entity: outer.entity, field: outer.field }, read, inner.field, negated);
}
