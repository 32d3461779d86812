/**
 * The differences between two JSON values, as JSON Pointers with what each side holds there. Keys the
 * caller names (e.g. "$id") are left out on both sides before comparing, so a test can say exactly what
 * may change and nothing else. Hand-written because a readable list of paths is all a failing test
 * needs, and it keeps the comparison's rules (object key order ignored, array order significant) visible.
 */
export interface JsonDifference {
  at: string;
  expected: unknown;
  actual: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const pointer = (base: string, key: string | number): string => `${base}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

export function jsonDifferences(expected: unknown, actual: unknown, options: { ignoreKeys?: readonly string[] } = {}): JsonDifference[] {
  const ignored = new Set(options.ignoreKeys ?? []);
  const differences: JsonDifference[] = [];
  const walk = (at: string, left: unknown, right: unknown): void => {
    if (Array.isArray(left) && Array.isArray(right)) {
      for (let index = 0; index < Math.max(left.length, right.length); index++) walk(pointer(at, index), left[index], right[index]);
      return;
    }
    if (isObject(left) && isObject(right)) {
      const keys = new Set([...Object.keys(left), ...Object.keys(right)].filter((key) => !ignored.has(key)));
      for (const key of [...keys].sort()) walk(pointer(at, key), left[key], right[key]);
      return;
    }
    if (!Object.is(left, right)) differences.push({ at: at || '/', expected: left, actual: right });
  };
  walk('', expected, actual);
  return differences;
}
