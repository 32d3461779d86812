/** Small lookups everyone needs, with errors that list what does exist. */
import { CoreError } from '../errors/core-error';
import type { ModelEntity, ModelField, ModelRelation, SemanticModel } from './semantic-model';

export function getEntity(model: SemanticModel, name: string): ModelEntity {
  const entity = Object.hasOwn(model.entities, name) ? model.entities[name] : undefined;
  if (entity === undefined) throw new CoreError('PLAN_INVALID', `Unknown entity "${name}"`, { details: { entities: Object.keys(model.entities) } });
  return entity;
}

export function getField(model: SemanticModel, ref: { entity: string; field: string }): ModelField {
  const entity = getEntity(model, ref.entity);
  const field = Object.hasOwn(entity.fields, ref.field) ? entity.fields[ref.field] : undefined;
  if (field === undefined) throw new CoreError('PLAN_INVALID', `Unknown field "${ref.field}" of entity "${ref.entity}"`, { details: { fields: Object.keys(entity.fields) } });
  return field;
}

/** The direct many-to-one link from `fromEntity` to `toEntity` (first declared if several), if any. */
export function findRelation(model: SemanticModel, fromEntity: string, toEntity: string): ModelRelation | undefined {
  return model.relations.find((relation) => relation.fromEntity === fromEntity && relation.toEntity === toEntity);
}
