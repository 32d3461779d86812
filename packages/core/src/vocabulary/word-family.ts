/**
 * How a family of words is written down: a set (for "is this word one of them?") or an ordered list (where
 * the order means something: the first sales word not already a name labels the measure). Either refuses a
 * word listed twice when it loads, so a slip in a list cannot ship silently merged.
 */
function refuseRepeats(list: readonly string[]): void {
  const seen = new Set<string>();
  const repeated = list.filter((word) => seen.size === seen.add(word).size);
  if (repeated.length > 0) throw new Error(`A word family lists ${repeated.map((w) => `"${w}"`).join(', ')} twice`);
}

export function words(...list: string[]): ReadonlySet<string> {
  refuseRepeats(list);
  return new Set(list);
}

export function wordList<const T extends readonly string[]>(...list: T): T {
  refuseRepeats(list);
  return list;
}
