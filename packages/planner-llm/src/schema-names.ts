/**
 * The names an LLM may use, read from the semantic model: entities, non-hidden fields ("entity.field"),
 * date fields and model measures ("entity.measure"). They become enums in the structured-output schema,
 * so a hidden column (a tenant key such as organisation_id, personal data such as emails) is not merely
 * refused later: it cannot even be expressed.
 */
import type { ModelField, SemanticModel } from '@askdata/core';

export interface SchemaNames {
  entities: string[];
  /** Every non-hidden field as "entity.field". */
  fields: string[];
  /** The date/datetime subset of `fields`, the only ones a time range may use. */
  dateFields: string[];
  /** Every model measure as "entity.measure". */
  measures: string[];
}

const isDate = (field: ModelField): boolean => field.type === 'date' || field.type === 'datetime';

export function schemaNamesOf(model: SemanticModel): SchemaNames {
  const names: SchemaNames = { entities: [], fields: [], dateFields: [], measures: [] };
  for (const entity of Object.values(model.entities)) {
    names.entities.push(entity.name);
    for (const field of Object.values(entity.fields)) {
      if (field.hidden) continue;
      names.fields.push(`${entity.name}.${field.name}`);
      if (isDate(field)) names.dateFields.push(`${entity.name}.${field.name}`);
    }
    for (const measure of Object.values(entity.measures)) names.measures.push(`${entity.name}.${measure.name}`);
  }
  return names;
}

/** "orders.created_at" -> { entity: "orders", field: "created_at" } (names are identifiers: no dots inside). */
export function splitQualified(name: string): { entity: string; name: string } {
  const dot = name.indexOf('.');
  return dot < 0 ? { entity: '', name } : { entity: name.slice(0, dot), name: name.slice(dot + 1) };
}
