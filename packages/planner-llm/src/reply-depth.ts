/**
 * A model's reply is untrusted and may nest without bound: a tool call nested 5,000 deep parsed fine, then
 * overflowed the stack when the retry message was built (JSON.stringify recurses). Any reply deeper than a
 * plan can be is declined as it is, never walked recursively or sent back. The check is iterative (an
 * explicit stack), so it cannot overflow itself, and stops at the first level past the limit.
 */

/** A plan is at most 4 levels deep (root, filters, a filter, its values); anything far deeper is not a plan. */
export const MAX_REPLY_DEPTH = 32;

export function exceedsDepth(value: unknown, maxDepth: number = MAX_REPLY_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    if (depth > maxDepth) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}
