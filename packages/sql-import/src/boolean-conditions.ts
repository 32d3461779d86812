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

const isOr = (node: SqlNode): boolean => node.type === 'binary_expr' && String(node.operator).toUpperCase() === 'OR';

/** The operands of a chain of ORs (`a OR b OR c`), parenthesised or not. */
export function disjuncts(node: SqlNode): SqlNode[] {
  return isOr(node) ? [...disjuncts(node.left), ...disjuncts(node.right)] : [node];
}

/** The conditions of one AND-group, each a single plain or related condition. */
function leavesOf(node: SqlNode, read: ReadConditions, allowRelated: boolean, where: string): LeafFilter[] {
  const parts = conjuncts(node);
  const leaves = parts.flatMap((part) => {
    if (isOr(part)) throw unsupported(`an OR nested inside ${where}`, describe(part));
    const filters = read(part, allowRelated);
    if (filters.length === 0) throw unsupported(`a tenant column inside ${where}`, describe(part));
    return filters;
  });
  if (leaves.some((leaf) => leaf.op === 'any' || leaf.op === 'not')) throw unsupported(`a NOT nested inside ${where}`);
  if (leaves.length > MAX_LEAVES) throw unsupported(`more than ${MAX_LEAVES} conditions inside ${where}`);
  return leaves as LeafFilter[];
}

/** `A OR B OR ...` with at least one side that is not a value of one column (orAsIn reads those). */
export function anyFilter(node: SqlNode, read: ReadConditions, allowRelated: boolean): Filter {
  const groups = disjuncts(node).map((part) => leavesOf(part, read, allowRelated, 'an OR'));
  if (groups.length > MAX_GROUPS) throw unsupported(`more than ${MAX_GROUPS} conditions joined by OR`);
  return { op: 'any', of: groups };
}

/** `NOT (...)`: one `not` of an AND, or one `not` per side of an OR. */
export function notFilters(node: SqlNode, read: ReadConditions, allowRelated: boolean): Filter[] {
  const sides = disjuncts(node);
  if (sides.length > MAX_LEAVES) throw unsupported(`more than ${MAX_LEAVES} conditions inside NOT`);
  return sides.map((side) => ({ op: 'not', of: leavesOf(side, read, allowRelated, 'a NOT') }));
}
