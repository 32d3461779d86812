/**
 * Constructs a plan never carries, refused by name wherever they stand in the statement (a select list, a
 * condition, a subquery), before the clause-by-clause reading. Without this scan a part of the tree the
 * reader does not look at is silently dropped: `SUM(x) OVER (ORDER BY d)` read as a plain SUM(x) turned a
 * running total into one grand total (issue 40). Window functions are looked for first, over the whole
 * tree, so such a query is refused naming OVER rather than whatever else it holds.
 */
import type { SqlNode } from './parse-sql';
import { unsupported } from './sql-import-error';
import { isLogicalOperatorCall } from './boolean-conditions';

function* nodesOf(value: unknown): Generator<SqlNode> {
  if (Array.isArray(value)) {
    for (const item of value) yield* nodesOf(item);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const node = value as SqlNode;
  yield node;
  for (const child of Object.values(node)) yield* nodesOf(child);
}

const functionName = (node: SqlNode): string => String(node.name?.name?.map((part: SqlNode) => part.value).join('.') ?? node.name ?? 'a function');

/** Throws SqlImportError naming the first construct of `statement` that no plan carries. */
export function refuseUncarriedConstructs(statement: SqlNode): void {
  const nodes = [...nodesOf(statement)];
  for (const node of nodes) {
    if (node.type === 'window_func' || (node.over !== undefined && node.over !== null)) throw unsupported('OVER', 'a window function: a plan has no running totals, ranks or moving windows');
  }
  if (statement.window) throw unsupported('WINDOW');
  for (const node of nodes) {
    if (node.type === 'aggr_func' && node.filter) throw unsupported('FILTER', `${String(node.name)}(...) FILTER (WHERE ...)`);
    if (node.type === 'function' && !isLogicalOperatorCall(node)) throw unsupported(`the function ${functionName(node)}()`, 'a plan uses no SQL function');
    if (node.type === 'cast') throw unsupported('CAST');
    if (node.type === 'case') throw unsupported('CASE');
    if (node.type === 'column_ref' && node.collate) throw unsupported('COLLATE');
  }
}
