/**
 * Which aggregations and filter operators fit which field types, and whether a value fits a field.
 * Plain tables of rules, so a reader (or an LLM prompt builder) can see them at a glance.
 */
import type { Aggregation, FieldType } from '../semantic/model-schema';
import { isIsoDateString } from './iso-date';
import type { LeafFilter } from './query-plan';

const numeric: readonly FieldType[] = ['integer', 'number'];
const temporal: readonly FieldType[] = ['date', 'datetime'];
const all: readonly FieldType[] = ['string', 'integer', 'number', 'boolean', 'date', 'datetime'];

export const aggregationTypes: Record<Aggregation, readonly FieldType[]> = {
  count: all,
  count_distinct: all,
  sum: numeric,
  avg: numeric,
  min: [...numeric, ...temporal],
  max: [...numeric, ...temporal],
  median: numeric,
};

/**
 * Aggregations that give the same answer when a row is repeated. Only these may read a field of a joined
 * (one-side) entity: each joined row is repeated once per base row, so a sum or average over it would be
 * inflated by the join.
 */
export const duplicateSafeAggregations: ReadonlySet<Aggregation> = new Set(['count_distinct', 'min', 'max']);

export const filterOpTypes: Record<LeafFilter['op'], readonly FieldType[]> = {
  eq: all,
  neq: all,
  in: all,
  not_in: all,
  gt: [...numeric, ...temporal],
  gte: [...numeric, ...temporal],
  lt: [...numeric, ...temporal],
  lte: [...numeric, ...temporal],
  between: [...numeric, ...temporal],
  contains: ['string'],
  not_contains: ['string'],
  is_null: all,
  is_not_null: all,
  // On the outer row's key, whatever its type: the condition is on the related rows.
  related: all,
  // A row's value against a figure over other rows: numbers and dates (which of them each figure allows, validate-vs-aggregate.ts).
  vs_aggregate: [...numeric, ...temporal],
};

export function isTemporal(type: FieldType): boolean {
  return temporal.includes(type);
}

/** Undefined when the value fits the field type, otherwise what was expected ("a number"). */
export function valueMismatch(type: FieldType, value: unknown): string | undefined {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? undefined : 'a string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? undefined : 'an integer';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'true or false';
    case 'date':
    case 'datetime':
      return isIsoDateString(value) ? undefined : 'an ISO 8601 date such as "2025-03-01" or "2025-03-01T00:00:00Z"';
    default: {
      const unexpected: never = type;
      throw new Error(`Unexpected field type: ${String(unexpected)}`);
    }
  }
}
