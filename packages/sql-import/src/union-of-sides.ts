/**
 * UNION of two queries on one entity's rows (set-operations.ts checks the entity and that its key is
 * shown) as one `any`: a row is in the union when the conditions of either side hold. UNION removes
 * repeated rows and so does the plan's distinct list; UNION ALL keeps them, which a plan of rows cannot
 * say, so it is refused. A side with no condition is every row, and so is the union.
 */
import type { Filter, LeafFilter } from '@askdata/core';
import { unsupported } from './sql-import-error';

const MAX_LEAVES = 5;

export function unionConditions(left: readonly Filter[], right: readonly Filter[], operation: string): Filter[] {
  if (operation !== 'UNION') throw unsupported(operation, 'repeated rows are kept, which a list of rows cannot say');
  if (left.length === 0 || right.length === 0) return [];
  const group = (side: readonly Filter[]): LeafFilter[] => {
    if (side.some((filter) => filter.op === 'any' || filter.op === 'not')) throw unsupported('UNION of a side with OR or NOT');
    if (side.length > MAX_LEAVES) throw unsupported(`UNION of a side with more than ${MAX_LEAVES} conditions`);
    return side as LeafFilter[];
  };
  return [{ op: 'any', of: [group(left), group(right)] }];
}
