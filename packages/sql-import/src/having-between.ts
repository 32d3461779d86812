/**
 * `HAVING agg BETWEEN a AND b` is the two conditions `agg >= a` and `agg <= b` (SQL's BETWEEN includes both
 * ends), which the plan's HAVING carries as two comparisons with a number.
 */
import type { SqlNode } from './parse-sql';

export function betweenAsComparisons(condition: SqlNode): SqlNode[] {
  if (condition.type !== 'binary_expr' || String(condition.operator).toUpperCase() !== 'BETWEEN') return [condition];
  const [low, high] = (condition.right?.value ?? []) as SqlNode[];
  if (low === undefined || high === undefined) return [condition];
  return [
    { type: 'binary_expr', operator: '>=', left: condition.left, right: low },
    { type: 'binary_expr', operator: '<=', left: condition.left, right: high },
  ];
}
