import { z } from 'zod';
import type { Prisma } from './generated/sqlite/client';

/**
 * JSON columns cross the Prisma boundary here. Writes are normalised to exactly the value a JSON round
 * trip (`JSON.parse(JSON.stringify(value))`, bigints as strings) would give, so that what is stored is
 * exactly what a later read returns (no undefined, Dates as ISO strings, bigints as strings, -0 as 0,
 * NaN/Infinity as null). The normalised copy is also what `create` returns without reading the row back.
 * Reads are checked with zod against the Store's types instead of being cast.
 */
export function toJsonValue(value: unknown): Prisma.InputJsonValue {
  const normalised = normalise(value, '', []);
  if (normalised === undefined) throw new Error('askdata: value cannot be stored as JSON');
  return normalised as Prisma.InputJsonValue;
}

const bigintAsString = (_key: string, v: unknown): unknown => (typeof v === 'bigint' ? v.toString() : v);

/**
 * One pass over the value, following JSON.stringify's rules (toJSON with the property key, then the
 * bigint replacer, then serialisation) and building what JSON.parse would return. Plain objects,
 * arrays and primitives, the bulk of every answer, are copied directly; any other object (a Map, a
 * class instance, a boxed primitive) is handed to the real JSON round trip so its rules stay exact.
 * `undefined` means "omitted" (as JSON.stringify omits it).
 */
function normalise(input: unknown, key: string, ancestors: object[]): unknown {
  let value = input;
  if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = (toJSON as (this: unknown, key: string) => unknown).call(value, key);
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON has no -0, NaN or Infinity: "0" and "null" are what JSON.stringify writes.
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : null;
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return null;
  const object = value as object;
  if (ancestors.includes(object)) throw new TypeError('Converting circular structure to JSON');
  if (Array.isArray(object)) {
    ancestors.push(object);
    const out: unknown[] = new Array(object.length);
    for (let i = 0; i < object.length; i++) {
      const item = normalise(object[i], String(i), ancestors);
      out[i] = item === undefined ? null : item;
    }
    ancestors.pop();
    return out;
  }
  const proto = Object.getPrototypeOf(object) as unknown;
  // Hand over the original input: JSON.stringify then applies its toJSON once, as it would have.
  if (proto !== Object.prototype && proto !== null) return viaJsonRoundTrip(input, key);
  ancestors.push(object);
  const source = object as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(source)) {
    const item = normalise(source[name], name, ancestors);
    if (item === undefined) continue;
    // JSON.parse makes "__proto__" an own property; a plain assignment would set the prototype instead.
    if (name === '__proto__') Object.defineProperty(out, name, { value: item, enumerable: true, writable: true, configurable: true });
    else out[name] = item;
  }
  ancestors.pop();
  return out;
}

function viaJsonRoundTrip(value: unknown, key: string): unknown {
  const text = JSON.stringify({ [key]: value }, bigintAsString);
  const parsed = JSON.parse(text) as Record<string, unknown>;
  return Object.prototype.hasOwnProperty.call(parsed, key) ? parsed[key] : undefined;
}

export const objectJson = z.record(z.string(), z.unknown());
export const timingsJson = z.record(z.string(), z.number());
export const parametersJson = z.array(z.unknown()).nullable();
export const answerType = z.enum(['text', 'chart', 'table']);
export const rating = z.enum(['positive', 'negative']);
export const answerOutcome = z.enum(['answered', 'declined', 'clarification']);
export const unknownTermsJson = z.array(z.string());
/** A clarification's `meta.picked` (review-repository.ts recordPick): only these fields are ever read back. */
export const pickedReadingJson = z.object({ option: z.string(), reply: z.string(), answerId: z.string() });
export const origin = z.enum(['v1', 'legacy']);
