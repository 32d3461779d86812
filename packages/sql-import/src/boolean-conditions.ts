/**
 * OR and NOT between conditions as the plan's `any` and `not` (issue 41). `a = 1 OR b > 2` is an `any` of
 * two groups, each group the AND of its conditions; `NOT (a = 1 AND b > 2)` is a `not`; `NOT (a OR b)` is
 * `NOT a AND NOT b` (De Morgan, which holds in SQL's three-valued logic too), one `not` per condition. The
 * plan's `any` / `not` compile to the same OR / NOT, so NULLs are treated alike: a condition on a NULL is
 * unknown in both. What the plan cannot say is refused: an OR nested inside a group or a NOT, more groups
 * or conditions than the IR holds, and a tenant column inside an OR or NOT (dropping it there would change
 * which rows the rest keeps).
 */
import type { Filter, LeafFilter } from '@askdata/core';
import type { SqlNode } from './parse-sql';
import { conjuncts } from './join-graph';
import { describe } from './literals';
import { unsupported } from './sql-import-error';

type ReadConditions = (node: SqlNode, allowRelated: boolean) => Filter[];

const MAX_GROUPS = 5;
const MAX_LEAVES = 5;

const isInSubquery = (node: SqlNode): boolean =>
  node.type === 'binary_expr' && String(node.operator).toUpperCase() === 'IN' && (node.right?.ast !== undefined || node.right?.value?.[0]?.ast !== undefined);

const isOr = (node: SqlNode): boolean => node.type === 'binary_expr' && String(node.operator).toUpperCase() === 'OR';

/** The operands of a chain of ORs (`a OR b OR c`), parenthesised or not. */
export function disjuncts(node: SqlNode): SqlNode[] {
  return isOr(node) ? [...disjuncts(node.left), ...disjuncts(node.right)] : [node];
}

/**
 * `NOT (...)` and `EXISTS (...)` inside an OR or after NOT come out of the parser as calls of functions
 * named NOT and EXISTS; as the unary operators they are, the rest of the reader knows them.
 */
export function asLogicalOperator(node: SqlNode): SqlNode {
  if (node.type !== 'function' || node.args?.type !== 'expr_list' || node.args.value?.length !== 1) return node;
  const name = String(node.name?.name?.map((part: SqlNode) => part.value).join('.') ?? '').toUpperCase();
  if (name === 'NOT') return { type: 'unary_expr', operator: 'NOT', expr: node.args.value[0] };
  if (name === 'EXISTS') return { type: 'unary_expr', operator: 'EXISTS', expr: node.args };
  return node;
}

/** True for a call the parser makes of NOT (...) or EXISTS (...): not a function, so not refused as one. */
export const isLogicalOperatorCall = (node: SqlNode): boolean => asLogicalOperator(node) !== node;

/** The conditions of one AND-group, each a single plain or related condition. */
function leavesOf(parts: readonly SqlNode[], read: ReadConditions, allowRelated: boolean, where: string): LeafFilter[] {
  const leaves = parts.flatMap((part) => {
    const filters = read(part, allowRelated);
    if (filters.length === 0) throw unsupported(`a tenant column inside ${where}`, describe(part));
    return filters;
  });
  if (leaves.some((leaf) => leaf.op === 'any' || leaf.op === 'not')) throw unsupported(`a NOT or an OR nested inside ${where}`);
  if (leaves.length > MAX_LEAVES) throw unsupported(`more than ${MAX_LEAVES} conditions inside ${where}`);
  return leaves as LeafFilter[];
}

/**
 * A condition as an OR of AND-groups of single conditions: `A OR (B AND (C OR D))` is `A OR (B AND C)
 * OR (B AND D)`. AND distributes over OR in SQL's three-valued logic as in two-valued logic (AND is the
 * minimum, OR the maximum of false < unknown < true), so the rows kept are the same. An OR of values of
 * one column stays one condition (`sameColumn`, an IN).
 */
function groupsOf(node: SqlNode, sameColumn: (node: SqlNode) => boolean): SqlNode[][] {
  if (isOr(node)) return sameColumn(node) ? [[node]] : [...groupsOf(node.left, sameColumn), ...groupsOf(node.right, sameColumn)];
  if (node.type === 'binary_expr' && String(node.operator).toUpperCase() === 'AND') {
    const left = groupsOf(node.left, sameColumn);
    const right = groupsOf(node.right, sameColumn);
    if (left.length * right.length > MAX_GROUPS) throw unsupported(`more than ${MAX_GROUPS} conditions joined by OR`, 'once AND is spread over OR');
    return left.flatMap((l) => right.map((r) => [...l, ...r]));
  }
  return [[node]];
}

/** `A OR B OR ...` with at least one side that is not a value of one column (orAsIn reads those). */
export function anyFilter(node: SqlNode, read: ReadConditions, allowRelated: boolean, sameColumn: (node: SqlNode) => boolean): Filter {
  const groups = groupsOf(node, sameColumn);
  if (groups.length > MAX_GROUPS) throw unsupported(`more than ${MAX_GROUPS} conditions joined by OR`);
  return { op: 'any', of: groups.map((parts) => leavesOf(parts, read, allowRelated, 'an OR')) };
}

/** `NOT (...)`: one `not` of an AND, or one `not` per side of an OR. */
export function notFilters(node: SqlNode, read: ReadConditions, allowRelated: boolean): Filter[] {
  const sides = disjuncts(node);
  if (sides.length > MAX_LEAVES) throw unsupported(`more than ${MAX_LEAVES} conditions inside NOT`);
  return sides.flatMap((side): Filter[] => {
    const parts = conjuncts(side);
    const nested = parts.find((part) => isOr(part) || asLogicalOperator(part).operator === 'NOT');
    if (nested !== undefined) throw unsupported('an OR or a NOT nested inside a NOT', describe(nested));
    // NOT (x IN (SELECT ...)) is x NOT IN (SELECT ...), with its NULL rules: read as such (conditions.ts
    // accepts it only where it equals NOT EXISTS); beside other conditions it is refused.
    const [only] = parts;
    if (parts.length === 1 && only !== undefined && isInSubquery(only)) return read({ ...only, operator: 'NOT IN' }, allowRelated);
    const inside = parts.find(isInSubquery);
    if (inside !== undefined) throw unsupported('IN with a subquery inside NOT', 'a NULL makes NOT IN differ from NOT EXISTS; write NOT EXISTS');
    return [{ op: 'not', of: leavesOf(parts, read, allowRelated, 'a NOT') }];
  });
}
