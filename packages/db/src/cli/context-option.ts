/**
 * `--context orgId=1` (repeatable, or `--context orgId=1,region=eu`) -> { orgId: "1" }: values stay text,
 * as for `askdata ask`, and the scope step converts each to its column's type when the context is used.
 */
export function parseContextOption(values: readonly string[]): Record<string, string> {
  const pairs = values.flatMap((value) => value.split(',')).map((pair) => pair.trim()).filter((pair) => pair.length > 0);
  if (pairs.length === 0) throw new Error('--context expects key=value');
  const entries = pairs.map((pair): [string, string] => {
    const eq = pair.indexOf('=');
    const key = eq > 0 ? pair.slice(0, eq).trim() : '';
    if (!key || key === '__proto__') throw new Error(`--context expects key=value, got ${JSON.stringify(pair)}`);
    return [key, pair.slice(eq + 1).trim()];
  });
  return Object.fromEntries(entries);
}
