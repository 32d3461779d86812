/**
 * `FROM routes JOIN airports ON routes.dst = airports.id WHERE airports.country = 'Italy'`: a table joined
 * by its primary key and read only by WHERE conditions of its own adds no row and shows nothing: the
 * join keeps each outer row at most once (one row per key), exactly when a row of that table with the
 * conditions exists. That is the plan's related filter ("field points at via"), which names the link
 * column, so it carries the join the compiler's one path cannot follow (two relations between the same
 * tables: a route's source and destination airport). The SELECT is rewritten as
 * `... WHERE routes.dst IN (SELECT airports.id FROM airports WHERE airports.country = 'Italy')`, which
 * conditions.ts reads as that related filter, checking the relation against the model.
 *
 * Only a table that is a leaf of the joins is taken: one INNER JOIN equality names it, on its primary key
 * (or on any column where the SELECT is DISTINCT with no aggregate: rows as a set), and no other clause (shown columns, GROUP BY, ORDER BY, HAVING, a condition also on another table, a
 * subquery) reads it. Anything else is left for the join graph to refuse.
 */
import type { SqlNode } from './parse-sql';
import { conjuncts, isColumnEquality } from './join-graph';
import { NameScope, sourcesOf, type Source } from './name-scope';
import type { SemanticModel } from '@askdata/core';
import { SqlImportError } from './sql-import-error';

/** Every column reference in `node` (deep), and whether it holds a subquery. */
function columnRefs(node: unknown, out: SqlNode[] = [], subqueries = { found: false }): { refs: SqlNode[]; subquery: boolean } {
  if (Array.isArray(node)) node.forEach((item) => columnRefs(item, out, subqueries));
  else if (typeof node === 'object' && node !== null) {
    const record = node as SqlNode;
    if (record.ast !== undefined || record.type === 'select') subqueries.found = true;
    if (record.type === 'column_ref') out.push(record);
    else for (const value of Object.values(record)) columnRefs(value, out, subqueries);
  }
  return { refs: out, subquery: subqueries.found };
}

/**
 * SELECT DISTINCT (or a side of INTERSECT, EXCEPT or UNION, `set`) with no aggregate and no GROUP BY: its
 * rows are a set, whatever repeats them.
 */
function asSet(select: SqlNode, set: boolean): boolean {
  if ((!set && select.distinct?.type !== 'DISTINCT') || (Array.isArray(select.groupby) ? select.groupby.length > 0 : select.groupby?.columns)) return false;
  return !JSON.stringify([select.columns, select.orderby, select.having]).includes('"aggr_func"') && !select.having;
}

const and = (nodes: readonly SqlNode[]): SqlNode | null =>
  nodes.length === 0 ? null : nodes.reduce((left, right) => ({ type: 'binary_expr', operator: 'AND', left, right }));

/** The source each column reference resolves to, or undefined when one does not resolve (left to refuse later). */
function sourcesRead(scope: NameScope, refs: readonly SqlNode[]): Source[] | undefined {
  const found: Source[] = [];
  for (const ref of refs) {
    if (ref.column === '*' && typeof ref.table !== 'string') continue;
    try {
      found.push(scope.resolve(ref).source);
    } catch {
      return undefined;
    }
  }
  return found;
}

/** One leaf table peeled into an IN subquery, or undefined where none can be. */
function peelOne(model: SemanticModel, select: SqlNode, parallelOnly: boolean, set: boolean): SqlNode | undefined {
  const from = select.from as SqlNode[];
  if (!Array.isArray(from) || from.length < 2 || from.some((item) => item.join !== undefined && item.join !== null && !/^(INNER JOIN|JOIN)$/i.test(item.join))) return undefined;
  let sources: Source[];
  let scope: NameScope;
  try {
    sources = sourcesOf(model, from);
    scope = new NameScope(model, sources);
  } catch {
    return undefined;
  }
  if (!Array.isArray(select.columns) || select.columns.some((c: SqlNode) => c?.expr?.type === 'column_ref' && c.expr.column === '*')) return undefined;
  const outside = columnRefs([select.columns, select.groupby, select.orderby, select.having]);
  const outsideSources = sourcesRead(scope, outside.refs);
  if (outsideSources === undefined) return undefined;
  const whereConjuncts = conjuncts(select.where);
  for (const [index, leaf] of sources.entries()) {
    if (outsideSources.includes(leaf)) continue;
    const key = leaf.entity.primaryKey;
    // The equalities that name the leaf, in every ON: exactly one, alone in the ON of the leaf (or, for the
    // first table, of the second).
    const onItem = index === 0 ? 1 : index;
    const equalities = from.flatMap((item, i) => conjuncts(item.on).map((condition) => ({ condition, i })));
    const naming = equalities.filter(({ condition }) => (sourcesRead(scope, columnRefs(condition).refs) ?? [leaf]).includes(leaf));
    const [link] = naming;
    if (naming.length !== 1 || link === undefined || link.i !== onItem || conjuncts(from[onItem]!.on).length !== 1 || !isColumnEquality(link.condition)) continue;
    const sides = [link.condition.left, link.condition.right] as SqlNode[];
    const leafSide = sides.find((side) => scope.resolve(side).source === leaf);
    const outerSide = sides.find((side) => side !== leafSide);
    const leafColumn = leafSide === undefined ? undefined : scope.resolve(leafSide);
    // Joined by its key, the table keeps each outer row at most once; by another column, only a SELECT
    // DISTINCT without aggregates or GROUP BY (rows as a set) is the same with it and without it.
    const byKey = leafColumn?.kind === 'field' && leafColumn.field.name === key;
    if (!leafColumn || !outerSide || leafColumn.kind !== 'field' || (!byKey && !asSet(select, set)) || scope.resolve(outerSide).source === leaf) continue;
    if (parallelOnly && !hasParallelRelations(model, leaf.entity.name, scope.resolve(outerSide).source.entity.name)) continue;
    const inner: SqlNode[] = [];
    const outer: SqlNode[] = [];
    let readable = true;
    for (const condition of whereConjuncts) {
      const read = columnRefs(condition);
      const tables = sourcesRead(scope, read.refs);
      if (tables === undefined || (read.subquery && tables.includes(leaf))) readable = false;
      else if (!tables.includes(leaf)) outer.push(condition);
      else if (tables.every((t) => t === leaf)) inner.push(condition);
      else readable = false;
    }
    if (!readable) continue;
    const subquery: SqlNode = {
      type: 'select',
      columns: [{ expr: { type: 'column_ref', table: leaf.alias, column: leafColumn.field.column }, as: null }],
      from: [{ db: null, table: from[index]!.table, as: leaf.alias }],
      where: and(inner),
      groupby: null,
      having: null,
      orderby: null,
      limit: null,
    };
    // The leaf's own ON goes with it; when the first table is peeled, the second's (the link) goes and it opens the FROM.
    const rest = from.filter((_, i) => i !== index).map((item, i) => (i === 0 ? { ...item, join: undefined, on: undefined } : item));
    const membership: SqlNode = { type: 'binary_expr', operator: 'IN', left: outerSide, right: { type: 'expr_list', value: [{ ast: subquery }] } };
    return { ...select, from: rest, where: and([...outer, membership]) };
  }
  return undefined;
}

/** Two or more relations between the two entities: a plan reaching one from the other has no one path. */
function hasParallelRelations(model: SemanticModel, a: string, b: string): boolean {
  return model.relations.filter((r) => (r.fromEntity === a && r.toEntity === b) || (r.fromEntity === b && r.toEntity === a)).length > 1;
}

/**
 * The SELECT with every peelable leaf table turned into an IN subquery, or undefined where none is. With
 * `parallelOnly`, only a leaf joined along one of several relations between the same two tables: no plan
 * joins it (validation refuses an entity reached in more than one way), only a related filter names it.
 */
export function joinsAsRelated(model: SemanticModel, select: SqlNode, parallelOnly = false, set = false): SqlNode | undefined {
  let current: SqlNode | undefined = peelOne(model, select, parallelOnly, set);
  if (current === undefined) return undefined;
  for (let next = peelOne(model, current, parallelOnly, set); next !== undefined; next = peelOne(model, next, parallelOnly, set)) current = next;
  return current;
}

export const JOIN_NOT_FOLLOWED = 'a JOIN the model cannot follow';

/**
 * `read` of the SELECT with its leaves joined along one of two relations peeled first, else as written,
 * else, where the model cannot follow its joins, with every peelable leaf peeled; the first refusal is
 * the one reported. `set`: the SELECT is a side of a set operation, whose rows are a set.
 */
export function readWithJoinsAsRelated<T>(model: SemanticModel, select: SqlNode, ignored: string[], read: (select: SqlNode) => T, set = false): T {
  const parallel = joinsAsRelated(model, select, true, set);
  const written = ignored.length;
  if (parallel !== undefined) {
    try {
      return read(parallel);
    } catch {
      ignored.length = written; // read again as written below
    }
  }
  try {
    return read(select);
  } catch (error) {
    // A join the compiler's path cannot follow may still be a related filter that names its link column.
    const peeled = error instanceof SqlImportError && error.clause === JOIN_NOT_FOLLOWED ? joinsAsRelated(model, select, false, set) : undefined;
    if (peeled === undefined) throw error;
    ignored.length = written;
    try {
      return read(peeled);
    } catch {
      throw error;
    }
  }
}
