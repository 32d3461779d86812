/**
 * One SELECT (no set operation) as a plan. Without aggregates or GROUP BY it is a list plan (its columns,
 * DISTINCT, ORDER BY columns, LIMIT); with them an aggregate plan: the grouped and selected columns are its
 * dimensions, the aggregates of SELECT, ORDER BY and HAVING its measures (in that order), HAVING compares a
 * measure with a number, ORDER BY names a measure or a dimension. A GROUP BY on a key of a table whose
 * column is shown is already what the compiler does (it groups by the key of a shown name), so the key is
 * not added as a column of its own.
 */
import type { AggregatePlan, AggregateOrder, Dimension, FieldRef, Filter, Having, ListPlan, QueryPlanInput, RelatedFilter, SemanticModel, SimpleMeasure } from '@askdata/core';
import { conjuncts, isColumnEquality, joinGraph, type JoinGraph } from './join-graph';
import { filtersOf, type ConditionContext } from './conditions';
import { determinedByGroupedKey } from './grouped-by-key';
import { betweenAsComparisons } from './having-between';
import { describe } from './literals';
import { isAggregate, measureOf } from './measures';
import { NameScope, sourcesOf, type Source } from './name-scope';
import type { SqlNode } from './parse-sql';
import { unsupported } from './sql-import-error';

export interface TranslatedSelect {
  plan: QueryPlanInput;
  scope: NameScope;
  graph: JoinGraph;
  /** The shown columns, in order, for set operations. */
  shown: FieldRef[];
  /** Name fields the SQL groups by without their key: exact only where no two rows share a name (unique-names.ts). */
  namesAssumedUnique?: FieldRef[];
  /** NOT IN filters exact only where their subquery's column holds no NULL (null-links.ts). */
  notInLinks?: RelatedFilter[];
}

const COMPARISONS: Record<string, Having['op']> = { '=': 'eq', '!=': 'neq', '<>': 'neq', '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte' };
const sameRef = (a: FieldRef, b: FieldRef): boolean => a.entity === b.entity && a.field === b.field;
const sameMeasure = (a: SimpleMeasure, b: SimpleMeasure): boolean => JSON.stringify(a) === JSON.stringify(b);

function limitOf(select: SqlNode): number | undefined {
  const values = (select.limit?.value ?? []) as SqlNode[];
  if (values.length === 0) return undefined;
  if (values.length > 1 || select.limit?.seperator === 'offset' || select.limit?.seperator === ',') throw unsupported('OFFSET');
  const [value] = values as [SqlNode];
  if (value.type !== 'number' || !Number.isInteger(Number(value.value)) || Number(value.value) < 1) throw unsupported('a LIMIT that is not a whole number');
  return Number(value.value);
}

/** Columns of SELECT; `*` is every visible field of the base entity. */
function selectedItems(select: SqlNode, graph: JoinGraph, sourcesCount: number): SqlNode[] {
  const columns = select.columns as SqlNode[] | string;
  const star = (c: SqlNode): boolean => c.expr?.type === 'column_ref' && c.expr.column === '*';
  if (columns === '*' || (Array.isArray(columns) && columns.length === 1 && star(columns[0]!))) {
    // `*` shows every column of every table; the plan can show the base entity's visible columns only.
    if (graph.relations.length > 0 || sourcesCount > 1) throw unsupported('* over a JOIN', 'name the columns to show');
    const all = Object.values(graph.base.entity.fields).filter((f) => f.joinColumns === undefined);
    const hidden = all.filter((f) => f.hidden);
    if (hidden.length > 0) throw unsupported('* over a table with hidden columns', `the plan cannot show ${hidden.map((f) => f.name).join(', ')}; name the columns to show`);
    const columnsShown = new Set(all.map((f) => f.column));
    const joinedOnly = Object.values(graph.base.entity.fields).filter((f) => f.joinColumns?.some((c) => !columnsShown.has(c)));
    if (joinedOnly.length > 0) throw unsupported('* over a table whose columns the model joins into one', `${joinedOnly.map((f) => f.joinColumns!.join(' and ')).join(', ')}`);
    const fields = all;
    return fields.map((f) => ({ type: 'column_ref', table: graph.base.alias, column: { expr: { type: 'default', value: f.column } } }));
  }
  if (!Array.isArray(columns)) throw unsupported('this SELECT list');
  return columns.map((c) => {
    if (star(c)) throw unsupported('* beside other columns');
    return c.expr as SqlNode;
  });
}

/** The row(s) with the highest or lowest value of a field: `WHERE x = (SELECT MAX(x) FROM t)`. */
interface Extreme {
  field: FieldRef;
  direction: 'asc' | 'desc';
}

/**
 * `col = (SELECT MAX(col) FROM its table)` as the only condition on either side is the plan's "the row with
 * the largest col, ties kept" (ORDER BY col DESC LIMIT 1 with ties). With other conditions the two differ
 * (the subquery's maximum is over every row), so the caller leaves it to filtersOf (a vs_aggregate filter).
 */
function extremeOf(scope: NameScope, condition: SqlNode): Extreme | undefined {
  if (condition.type !== 'binary_expr' || condition.operator !== '=' || condition.left?.type !== 'column_ref') return undefined;
  const sub = (condition.right?.ast ?? (condition.right?.type === 'expr_list' ? condition.right.value?.[0]?.ast : undefined)) as SqlNode | undefined;
  if (!sub || sub._next || sub.where || sub.groupby || (sub.from?.length ?? 0) !== 1 || sub.columns?.length !== 1) return undefined;
  const aggregate = sub.columns[0]?.expr as SqlNode | undefined;
  const name = String(aggregate?.name ?? '').toUpperCase();
  if (aggregate?.type !== 'aggr_func' || (name !== 'MAX' && name !== 'MIN') || aggregate.args?.expr?.type !== 'column_ref') return undefined;
  const field = scope.visibleField(condition.left);
  const inner = new NameScope(scope.model, sourcesOf(scope.model, sub.from));
  const innerField = inner.visibleField(aggregate.args.expr);
  if (innerField.entity !== field.entity || innerField.field !== field.field) return undefined;
  return { field, direction: name === 'MAX' ? 'desc' : 'asc' };
}

/** Reads FROM, the joins and WHERE: the scope, the base entity and the filters. */
function readFrom(model: SemanticModel, select: SqlNode, ignored: string[], sideOfSetOperation: boolean): { scope: NameScope; graph: JoinGraph; filters: Filter[]; extreme?: Extreme; notInLinks: RelatedFilter[] } {
  const sources = sourcesOf(model, select.from);
  const scope = new NameScope(model, sources);
  const on = (select.from as SqlNode[]).flatMap((item) => conjuncts(item.on));
  const where = conjuncts(select.where);
  // Column equalities of WHERE between two tables are joins written the old way (FROM a, b WHERE a.x = b.y).
  const implicit = where.filter((c) => isColumnEquality(c) && sources.length > 1);
  const graph = joinGraph(scope, [...on, ...implicit]);
  // A side of EXCEPT may be negated (set-operations.ts), and NOT IN's NULLs do not negate: no NOT IN there.
  const ctx: ConditionContext = { scope, ignored, ...(sideOfSetOperation ? {} : { notInLinks: [] }) };
  const conditions = where.filter((c) => !implicit.includes(c));
  const [only] = conditions;
  // With a join the subquery's extreme is over every row of its table, the plan's over the joined rows.
  const extreme = conditions.length === 1 && only && sources.length === 1 ? extremeOf(scope, only) : undefined;
  // Where a ranking cannot carry it (beside ORDER BY, LIMIT or aggregates), the same condition is a vs_aggregate filter.
  if (extreme && only) return { scope, graph, filters: filtersOf(ctx, only), extreme, notInLinks: ctx.notInLinks ?? [] };
  const filters = joinNameConditions(scope, conditions).flatMap((c): Filter[] => (c.type === 'joined_name' ? [{ op: 'eq', field: c.field as FieldRef, value: String(c.value) }] : filtersOf(ctx, c)));
  return { scope, graph, filters, notInLinks: ctx.notInLinks ?? [] };
}

/**
 * `keysShown`: a side of INTERSECT or EXCEPT may show a key the model hides; it is read as a link
 * (set-operations.ts). Such a side reads no NOT IN over a column that may hold NULL.
 */
export function selectToPlan(model: SemanticModel, select: SqlNode, ignored: string[], keysShown = false): TranslatedSelect {
  const { scope, graph, filters, extreme, notInLinks } = readFrom(model, select, ignored, keysShown);
  const items = selectedItems(select, graph, scope.sources.length);
  const groupBy = ((select.groupby?.columns ?? select.groupby ?? []) as SqlNode[]).filter(Boolean);
  const orderBy = (select.orderby ?? []) as SqlNode[];
  const limit = limitOf(select);
  const distinct = select.distinct?.type === 'DISTINCT';
  const aggregates = [...items, ...orderBy.map((o) => o.expr as SqlNode), ...conjuncts(select.having).map((h) => h.left as SqlNode)].filter(isAggregate);
  for (const item of items) if (!isAggregate(item) && item.type !== 'column_ref') throw unsupported('an expression in SELECT', describe(item));
  if (aggregates.length === 0 && !select.having) {
    const shown = shownFields(scope, items, keysShown);
    // GROUP BY without aggregates is DISTINCT only when it groups by exactly the columns shown.
    if (groupBy.length > 0) {
      const grouped = groupBy.map((key) => (key.type === 'column_ref' ? scope.visibleField(key) : undefined));
      const same = grouped.every((g) => g !== undefined && shown.some((s) => sameRef(s, g))) && shown.every((s) => grouped.some((g) => g !== undefined && sameRef(s, g)));
      if (!same) throw unsupported('a GROUP BY without aggregates over other columns than those shown');
    }
    const order = orderBy.map((o) => {
      if (o.expr?.type !== 'column_ref') throw unsupported('ORDER BY an expression', describe(o.expr));
      return { field: scope.visibleField(o.expr), direction: String(o.type ?? 'ASC').toUpperCase() === 'DESC' ? ('desc' as const) : ('asc' as const) };
    });
    const asRanking = extreme !== undefined && order.length === 0 && limit === undefined ? extreme : undefined;
    const ranked = asRanking ? { orderBy: [asRanking], limit: 1, ties: true } : { orderBy: order, ties: false, ...(limit ? { limit } : {}) };
    // The top row and its ties are ranked over the list's own columns, so the column they are ranked by is shown.
    const fields = asRanking && !shown.some((f) => f.entity === asRanking.field.entity && f.field === asRanking.field.field) ? [...shown, asRanking.field] : shown;
    const plan: ListPlan = { kind: 'list', entity: graph.base.entity.name, fields, filters: asRanking ? [] : filters, distinct: distinct || groupBy.length > 0, presentation: 'auto', ...ranked };
    return { plan, scope, graph, shown, notInLinks };
  }
  const namesAssumedUnique: FieldRef[] = [];
  return { plan: aggregatePlan({ scope, graph, filters, items, groupBy, orderBy, select, limit, namesAssumedUnique }), scope, graph, shown: [], namesAssumedUnique, notInLinks };
}

/** The fields of plain SELECT columns; first and last name side by side are the model's one name field. */
function shownFields(scope: NameScope, items: readonly SqlNode[], keysShown = false): FieldRef[] {
  const shown: FieldRef[] = [];
  for (let i = 0; i < items.length; i++) {
    let joined: FieldRef | undefined;
    // Only when the model has no field of the column itself (a model file may keep just the joined name).
    const own = scope.has(items[i]!);
    for (let length = Math.min(4, items.length - i); !own && length >= 2 && joined === undefined; length--) {
      joined = scope.joinedField(items.slice(i, i + length));
      if (joined) i += length - 1;
    }
    shown.push(joined ?? (keysShown ? scope.keyOrVisibleField(items[i]!) : scope.visibleField(items[i]!)));
  }
  return shown;
}

/**
 * `first = 'Linda' AND last = 'Smith'` on the columns of a joined name field is `name = 'Linda Smith'`:
 * the model compares the joined text, never one of its columns.
 */
function joinNameConditions(scope: NameScope, conditions: SqlNode[]): SqlNode[] {
  const equalities = conditions.filter((c) => c.type === 'binary_expr' && c.operator === '=' && c.left?.type === 'column_ref' && (c.right?.type === 'single_quote_string' || c.right?.type === 'string'));
  for (let i = 0; i + 1 < equalities.length; i++) {
    const pair = [equalities[i]!, equalities[i + 1]!];
    if (pair.some((c) => scope.has(c.left))) continue;
    const joined = scope.joinedField(pair.map((c) => c.left));
    if (!joined) continue;
    const column = scope.model.entities[joined.entity]!.fields[joined.field]!;
    const merged: SqlNode = { type: 'joined_name', field: joined, value: pair.map((c) => String(c.right.value)).join(' '), column: column.name };
    return joinNameConditions(scope, conditions.flatMap((c) => (c === pair[0] ? [merged] : c === pair[1] ? [] : [c])));
  }
  return conditions;
}

interface AggregateParts {
  scope: NameScope;
  graph: JoinGraph;
  filters: Filter[];
  items: SqlNode[];
  groupBy: SqlNode[];
  orderBy: SqlNode[];
  select: SqlNode;
  limit: number | undefined;
  namesAssumedUnique: FieldRef[];
}

/**
 * True when grouping by `key` is what the compiler already does for a shown column: the compiler groups a
 * dimension on an entity's display field (its name) by the entity's primary key as well (compile-aggregate's
 * identityColumns), so `GROUP BY customers.id` (or the key pointing at it, `GROUP BY orders.customer_id`)
 * showing `customers.name` is exactly the plan's "by customer". Shown with any other column of the entity,
 * the plan would group by that column alone and merge rows the SQL keeps apart, so it is not implied.
 */
function impliedKey(scope: NameScope, key: SqlNode, shown: readonly FieldRef[]): boolean {
  const column = scope.resolve(key);
  if (column.kind !== 'field') return false;
  const entity = column.source.entity;
  const showsName = (entityName: string): boolean => {
    const named = scope.model.entities[entityName];
    return named?.displayField !== undefined && shown.some((s) => s.entity === entityName && s.field === named.displayField);
  };
  const isOwnKey = entity.primaryKey === column.field.name && showsName(entity.name);
  const pointsAtShown = scope.model.relations.some((r) => r.fromEntity === entity.name && r.fromField === column.field.name && scope.model.entities[r.toEntity]?.primaryKey === r.toField && showsName(r.toEntity));
  return isOwnKey || pointsAtShown;
}

/**
 * A dimension on an entity's display field is grouped by the entity's key too (identityColumns): exact only
 * when the SQL groups by that key (or one pointing at it) as well, else two rows sharing a name would be kept
 * apart where the SQL adds them up.
 */
function groupsByIdentity(scope: NameScope, field: FieldRef, groupBy: readonly SqlNode[]): boolean {
  const entity = scope.model.entities[field.entity];
  if (entity === undefined || entity.displayField !== field.field || entity.primaryKey === undefined || entity.primaryKey === field.field) return true;
  return groupBy.some((key) => {
    const column = scope.resolve(key);
    if (column.kind !== 'field') return false;
    if (column.source.entity.name === entity.name) return column.field.name === entity.primaryKey;
    return scope.model.relations.some((r) => r.fromEntity === column.source.entity.name && r.fromField === column.field.name && r.toEntity === entity.name && r.toField === entity.primaryKey);
  });
}

function aggregatePlan(parts: AggregateParts): AggregatePlan {
  const { scope, graph, items, groupBy, orderBy, select, limit } = parts;
  const measures: SimpleMeasure[] = [];
  const measureIndex = (node: SqlNode): number => {
    const measure = measureOf(scope, node, graph.base);
    const at = measures.findIndex((m) => sameMeasure(m, measure));
    if (at >= 0) return at;
    measures.push(measure);
    return measures.length - 1;
  };
  const dimensions: Dimension[] = [];
  const addDimension = (field: FieldRef): number => {
    const at = dimensions.findIndex((d) => sameRef(d.field, field));
    if (at >= 0) return at;
    dimensions.push({ field });
    return dimensions.length - 1;
  };
  for (const item of items) if (isAggregate(item)) measureIndex(item);
  for (const field of shownFields(scope, items.filter((item) => !isAggregate(item)))) addDimension(field);
  if (groupBy.length === 0 && dimensions.length > 0) throw unsupported('a column beside an aggregate without GROUP BY', describe(items.find((i) => !isAggregate(i))));
  const shown = dimensions.map((d) => d.field);
  const grouped: FieldRef[] = [];
  for (const key of groupBy) {
    if (key.type !== 'column_ref') throw unsupported('GROUP BY an expression', describe(key));
    if (impliedKey(scope, key, shown)) continue;
    const field = scope.visibleField(key);
    grouped.push(field);
    // A grouped column the SQL does not show is still a dimension; shown, it changes the rows of a DISTINCT.
    if (!shown.some((s) => sameRef(s, field)) && select.distinct?.type === 'DISTINCT') throw unsupported('DISTINCT with a GROUP BY column that is not selected', describe(key));
    addDimension(field);
  }
  // SQLite lets a SELECT show a column it neither groups nor aggregates (a value from any row of the group);
  // the plan would group by it, which splits the SQL's groups.
  for (const field of shown) {
    if (!grouped.some((g) => sameRef(g, field)) && !groupBy.some((key) => impliedKey(scope, key, [field])) && !determinedByGroupedKey(scope, graph, field, groupBy, dimensions)) throw unsupported('a column that is neither grouped nor aggregated', `${field.entity}.${field.field}`);
  }
  // The plan groups a name by its key as well: the same groups only where no two rows share a name, which the
  // caller asks of the data (unique-names.ts).
  for (const dimension of dimensions) if (!groupsByIdentity(scope, dimension.field, groupBy)) parts.namesAssumedUnique.push(dimension.field);
  const having: Having[] = conjuncts(select.having).flatMap(betweenAsComparisons).map((condition) => {
    const op = COMPARISONS[String(condition.operator)];
    if (op === undefined || !isAggregate(condition.left) || condition.right?.type !== 'number') throw unsupported('a HAVING other than an aggregate compared with a number', describe(condition.left));
    return { measure: measureIndex(condition.left), op, value: Number(condition.right.value) };
  });
  // Without GROUP BY an aggregate is one row, which no ORDER BY reorders: a column there changes nothing.
  const oneRow = groupBy.length === 0 && dimensions.length === 0;
  const order: AggregateOrder[] = orderBy.filter((o) => !(oneRow && (o.expr as SqlNode)?.type === 'column_ref')).map((o) => {
    const direction = String(o.type ?? 'ASC').toUpperCase() === 'DESC' ? ('desc' as const) : ('asc' as const);
    const expr = o.expr as SqlNode;
    if (isAggregate(expr)) return { target: 'measure', index: measureIndex(expr), direction };
    if (expr?.type !== 'column_ref') throw unsupported('ORDER BY an expression', describe(expr));
    const field = scope.visibleField(expr);
    const index = dimensions.findIndex((d) => sameRef(d.field, field));
    if (index < 0) throw unsupported('ORDER BY a column that is neither grouped nor aggregated', describe(expr));
    return { target: 'dimension', index, direction };
  });
  if (measures.length > 4) throw unsupported('more than four aggregates');
  if (dimensions.length > 4) throw unsupported('more than four grouped columns');
  if (having.length > 2) throw unsupported('more than two HAVING conditions');
  return {
    kind: 'aggregate',
    entity: graph.base.entity.name,
    measures,
    dimensions,
    filters: parts.filters,
    having,
    orderBy: order,
    ties: false,
    presentation: 'auto',
    ...(limit ? { limit } : {}),
  };
}

export type { Source };
