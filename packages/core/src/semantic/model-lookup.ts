/**
 * Small lookups everyone needs, with errors that list what does exist. Every lookup of a name reads only
 * what the model declares (name-record.ts): "constructor" is no entity, "toString" no field.
 */
import { CoreError } from '../errors/core-error';
import { ownEntry } from './name-record';
import type { ModelEntity, ModelField, ModelMeasure, ModelRelation, SemanticModel } from './semantic-model';

/** The entity the model declares under `name`, if any. */
export function findEntity(model: SemanticModel, name: string): ModelEntity | undefined {
  return ownEntry(model.entities, name);
}

/** The field `ref.field` the entity `ref.entity` declares, if any (hidden ones too). */
export function findField(model: SemanticModel, ref: { entity: string; field: string }): ModelField | undefined {
  const entity = findEntity(model, ref.entity);
  return entity === undefined ? undefined : ownEntry(entity.fields, ref.field);
}

/** The measure `name` the entity `entityName` declares, if any. */
export function findMeasure(model: SemanticModel, entityName: string, name: string): ModelMeasure | undefined {
  const entity = findEntity(model, entityName);
  return entity === undefined ? undefined : ownEntry(entity.measures, name);
}

export function getEntity(model: SemanticModel, name: string): ModelEntity {
  const entity = findEntity(model, name);
  if (entity === undefined) throw new CoreError('PLAN_INVALID', `Unknown entity "${name}"`, { details: { entities: Object.keys(model.entities) } });
  return entity;
}

export function getField(model: SemanticModel, ref: { entity: string; field: string }): ModelField {
  const entity = getEntity(model, ref.entity);
  const field = ownEntry(entity.fields, ref.field);
  if (field === undefined) throw new CoreError('PLAN_INVALID', `Unknown field "${ref.field}" of entity "${ref.entity}"`, { details: { fields: Object.keys(entity.fields) } });
  return field;
}

/** The direct many-to-one link from `fromEntity` to `toEntity` (first declared if several), if any. */
export function findRelation(model: SemanticModel, fromEntity: string, toEntity: string): ModelRelation | undefined {
  return model.relations.find((relation) => relation.fromEntity === fromEntity && relation.toEntity === toEntity);
}
