/**
 * The model's named records (entities, fields, measures, tenancy keys and columns) hold only the names the
 * model declares. Names to look up arrive from plans, stored entries, admins and LLMs, and a plain object
 * answers "constructor", "toString" or "__proto__" from Object.prototype: a function or the prototype
 * would pass for an entity, a field or a measure. So every lookup goes through `ownEntry` (own properties
 * only), and the records themselves have no prototype, so a lookup written without it still finds nothing.
 * We keep plain records rather than Maps because the model is read everywhere as data (JSON, spreads,
 * Object.values) and a Map would change every reader for the same guarantee.
 */

/** `record[key]` when the record itself declares `key`; never a property inherited from Object.prototype. */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Whether the record itself declares `key`. */
export function hasOwnName(record: Readonly<Record<string, unknown>>, key: string): boolean {
  return Object.hasOwn(record, key);
}

/** A record with no prototype from name-value pairs: "__proto__" is then an ordinary key like any other. */
export function nameRecord<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const record = Object.create(null) as Record<string, T>;
  for (const [key, value] of entries) record[key] = value;
  return record;
}

/**
 * A fixed word table ("sold" for "selling", 3 for "third") that question words and labels are looked up
 * in: frozen and without a prototype, so "constructor" in a question is just a word no table holds.
 */
export function lookupTable<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  return Object.freeze(nameRecord(Object.entries(entries)));
}
