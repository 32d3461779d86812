/**
 * Physical names, always quoted and always taken from the semantic model. Each entity in a query is
 * aliased by its entity name: plan identifiers are simple identifiers and unique per model, so the alias
 * is stable, readable and can never collide.
 */
import { sql } from 'kysely';
import { CoreError } from '../errors/core-error';
import type { FieldRef } from '../plan/query-plan';
import type { ModelEntity, ModelField, SemanticModel } from '../semantic/semantic-model';
import type { DialectHooks, Sql } from './dialect-hooks';
import { findEntity } from '../semantic/model-lookup';
import { ownEntry } from '../semantic/name-record';

export function entityOf(model: SemanticModel, name: string): ModelEntity {
  const entity = findEntity(model, name);
  if (!entity) throw new CoreError('PLAN_INVALID', `Unknown entity "${name}".`);
  return entity;
}

export function fieldOf(model: SemanticModel, ref: FieldRef): ModelField {
  const field = ownEntry(entityOf(model, ref.entity).fields, ref.field);
  if (!field) throw new CoreError('PLAN_INVALID', `Unknown field "${ref.entity}.${ref.field}".`);
  return field;
}

/** `"schema"."table" as "entity"` (or as another alias, inside a subquery). */
export function tableSource(entity: ModelEntity, alias: string = entity.name): Sql {
  const table = entity.schema === undefined ? sql.id(entity.table) : sql.id(entity.schema, entity.table);
  return sql`${table} as ${sql.id(alias)}`;
}

/** `"entity"."column"` for a physical column of an entity in the query. */
export function columnOf(entity: string, column: string): Sql {
  return sql.id(entity, column);
}

export function fieldColumn(model: SemanticModel, ref: FieldRef): Sql {
  return columnOf(ref.entity, fieldOf(model, ref).column);
}

/** A field's value as compared, grouped, aggregated and shown: numbers kept as text are read as numbers. */
export function valueColumn(model: SemanticModel, ref: FieldRef, hooks: Pick<DialectHooks, 'numberFromText' | 'dateFromText'>, alias: string = ref.entity): Sql {
  const field = fieldOf(model, ref);
  // concat_ws skips NULLs and is spelt the same in SQLite (3.44+), PostgreSQL, MySQL/MariaDB and DuckDB.
  if (field.joinColumns !== undefined) return sql`concat_ws(' ', ${sql.join(field.joinColumns.map((name) => columnOf(alias, name)))})`;
  return storedValue(field, columnOf(alias, field.column), hooks);
}

/** A column's value as its field's type says: numbers and dates kept as text are read as numbers and dates. */
export function storedValue(field: ModelField, column: Sql, hooks: Pick<DialectHooks, 'numberFromText' | 'dateFromText'>): Sql {
  if (field.textDateFormat !== undefined) return hooks.dateFromText(column, field.textDateFormat);
  return field.storedAsText === true ? hooks.numberFromText(column) : column;
}
