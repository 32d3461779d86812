/**
 * Filters and the time range as SQL conditions. Every value is a bound parameter. String equality is
 * case-insensitive (`lower(col) = lower(?)`): people type "laptop" for "Laptop", and lower() on both
 * sides in SQL keeps the two sides folded by the same rules. It cannot use a plain index on the column,
 * which is acceptable because every query is already narrowed by its indexed tenant predicate (an
 * operator can add an index on lower(col) for large single-tenant tables). Tenant predicates, joins and
 * time ranges compare raw columns and stay index-friendly.
 */
import { sql } from 'kysely';
import { isTemporal } from '../plan/field-rules';
import { assertNever, type comparisonOps, type PlainFilter, type Scalar, type TimeRange } from '../plan/query-plan';
import type { ModelField, SemanticModel } from '../semantic/semantic-model';
import { fieldOf, valueColumn } from './column-ref';
import type { DialectHooks, Sql, TimeComparison } from './dialect-hooks';

type Comparison = (typeof comparisonOps)[number];

const comparisonSql: Record<Comparison, TimeComparison> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/**
 * One condition on one field. `aliasOf` maps an entity to its alias in the query (the entity's own name in
 * the main query; a prefixed one inside a related filter's subquery).
 */
export function compileFilter(filter: PlainFilter, model: SemanticModel, hooks: DialectHooks, aliasOf: (entity: string) => string = (entity) => entity): Sql {
  const field = fieldOf(model, filter.field);
  const column = valueColumn(model, filter.field, hooks, aliasOf(filter.field.entity));
  const compare = (op: TimeComparison, value: Scalar): Sql => compareValue(column, field, op, value, hooks);
  switch (filter.op) {
    case 'eq': case 'neq': case 'gt': case 'gte': case 'lt': case 'lte':
      return compare(comparisonSql[filter.op], filter.value);
    case 'in':
      return sql`(${sql.join(filter.values.map((value) => compare('=', value)), sql` or `)})`;
    case 'not_in':
      return sql`(${sql.join(filter.values.map((value) => compare('<>', value)), sql` and `)})`;
    case 'between':
      return sql`(${compare('>=', filter.low)} and ${compare('<=', filter.high)})`;
    case 'contains':
      return hooks.likeInsensitive(column, likePattern(filter.value));
    case 'not_contains':
      return sql`not (${hooks.likeInsensitive(column, likePattern(filter.value))})`;
    // Blank text is as missing as NULL to a reader ("books with no genre recorded"); other types have no blank.
    case 'is_null':
      return field.type === 'string' && field.joinColumns === undefined ? sql`(${column} is null or trim(${column}) = '')` : sql`${column} is null`;
    case 'is_not_null':
      return field.type === 'string' && field.joinColumns === undefined ? sql`(${column} is not null and trim(${column}) <> '')` : sql`${column} is not null`;
    default:
      return assertNever(filter, 'filter op');
  }
}

function compareValue(column: Sql, field: ModelField, op: TimeComparison, value: Scalar, hooks: DialectHooks): Sql {
  if (isTemporal(field.type) && typeof value === 'string') return hooks.compareTime(column, op, value);
  if (field.type === 'string' && typeof value === 'string' && (op === '=' || op === '<>')) {
    return sql`lower(${column}) ${sql.raw(op)} lower(${value})`;
  }
  return sql`${column} ${sql.raw(op)} ${hooks.bindValue(value)}`;
}

/** `%value%` with the LIKE wildcards and the escape character itself escaped, so they match literally. */
export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Start inclusive, end exclusive. */
export function compileTimeRange(range: TimeRange, model: SemanticModel, hooks: DialectHooks): Sql[] {
  const column = valueColumn(model, range.field, hooks);
  const conditions: Sql[] = [];
  if (range.start !== undefined) conditions.push(hooks.compareTime(column, '>=', range.start));
  if (range.end !== undefined) conditions.push(hooks.compareTime(column, '<', range.end));
  return conditions;
}
