/**
 * How two gold queries relate, for splitting the second half three ways: the same query up to spelling
 * (case, spacing, quotes, a trailing semicolon), the same query with other literal values (strings and
 * numbers), or neither. Written by hand on purpose: this compares the text of published queries, and a
 * parser's round trip would hide exactly the differences the split is about.
 */
export function sameQueryKey(sql: string): string {
  return sql
    .replace(/"([^"]*)"/g, "'$1'")
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),=<>!])\s*/g, '$1')
    .replace(/;\s*$/, '')
    .trim()
    .toLowerCase();
}

/** The query with every literal replaced by a placeholder. */
export function shapeKey(sql: string): string {
  return sameQueryKey(sql)
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/(?<![a-z_0-9.])-?\d+(?:\.\d+)?(?![a-z_0-9])/g, '?');
}

export type Relation = 'same' | 'values' | 'other';

export const RELATIONS: readonly Relation[] = ['same', 'values', 'other'];

export const RELATION_LABELS: Record<Relation, string> = {
  same: 'gold equals a taught one (a rewording)',
  values: 'gold differs from a taught one only in literal values (a slot)',
  other: 'the rest (teaching should not change these)',
};

export function relationTo(sql: string, taught: readonly string[]): Relation {
  const key = sameQueryKey(sql);
  if (taught.some((t) => sameQueryKey(t) === key)) return 'same';
  const shape = shapeKey(sql);
  return taught.some((t) => shapeKey(t) === shape) ? 'values' : 'other';
}
