/**
 * The finished draft as an askdata model file, validated and normalised by core exactly as a hand-written
 * file is: the import writes nothing the loader would not accept. A problem here means the source said
 * something contradictory that no reader caught; it is reported with the model path, like any model error.
 */
import { issuesFromZod, modelFileSchema, modelInvalid, normalizeModel, type ModelFileInput, type SemanticModel } from '@askdata/core';
import type { EntityDraft, FieldDraft, MeasureDraft, ModelDraft } from './model-draft';

type EntityInput = ModelFileInput['entities'][string];

export function draftToFile(draft: ModelDraft): ModelFileInput {
  const file: ModelFileInput = { version: 1, name: draft.name, tenancy: draft.tenancy ?? 'none', entities: {}, relations: [] };
  if (draft.description !== undefined) file.description = draft.description;
  if (draft.currency !== undefined) file.currency = draft.currency;
  for (const entity of Object.values(draft.entities)) file.entities[entity.key] = entityFile(entity);
  file.relations = draft.relations.map((relation) => ({ from: `${relation.fromEntity}.${relation.fromField}`, to: `${relation.toEntity}.${relation.toField}`, ...(relation.name === undefined ? {} : { name: relation.name }) }));
  return file;
}

export function validateDraft(file: ModelFileInput, source: string): SemanticModel {
  const parsed = modelFileSchema.safeParse(file);
  if (!parsed.success) throw modelInvalid(source, issuesFromZod(parsed.error.issues));
  return normalizeModel(parsed.data, source);
}

function entityFile(entity: EntityDraft): EntityInput {
  const file: EntityInput = { table: entity.table, fields: {} };
  if (entity.schema !== undefined) file.schema = entity.schema;
  if (entity.label !== undefined) file.label = entity.label;
  if (entity.plural !== undefined) file.plural = entity.plural;
  if (entity.description !== undefined) file.description = entity.description;
  if (entity.synonyms.length > 0) file.synonyms = [...entity.synonyms];
  if (entity.primaryKey !== undefined) file.primaryKey = entity.primaryKey;
  if (entity.tenant !== undefined) file.tenant = entity.tenant === 'shared' ? 'shared' : { ...entity.tenant };
  if (entity.defaultDate !== undefined) file.defaultDate = entity.defaultDate;
  if (entity.displayField !== undefined) file.displayField = entity.displayField;
  if (entity.defaultMeasure !== undefined) file.defaultMeasure = entity.defaultMeasure;
  file.fields = Object.fromEntries(Object.entries(entity.fields).map(([key, field]) => [key, fieldFile(key, field)]));
  const measures = Object.entries(entity.measures);
  if (measures.length > 0) file.measures = Object.fromEntries(measures.map(([key, measure]) => [key, measureFile(measure)]));
  return file;
}

function fieldFile(key: string, field: FieldDraft): NonNullable<EntityInput['fields'][string]> {
  const file: NonNullable<EntityInput['fields'][string]> = { type: field.type };
  if (field.joinColumns !== undefined) file.joinColumns = [...field.joinColumns];
  else if (field.column !== key) file.column = field.column;
  if (field.role !== undefined) file.role = field.role;
  if (field.label !== undefined) file.label = field.label;
  if (field.description !== undefined) file.description = field.description;
  if (field.synonyms.length > 0) file.synonyms = [...field.synonyms];
  if (field.hidden === true) file.hidden = true;
  if (field.indexValues !== undefined) file.indexValues = field.indexValues;
  if (field.format !== undefined) file.format = field.format;
  if (field.flag === true) file.flag = true;
  if (field.repeats === true) file.repeats = true;
  if (field.storedAsText === true) file.storedAsText = true;
  return file;
}

function measureFile(measure: MeasureDraft): NonNullable<NonNullable<EntityInput['measures']>[string]> {
  const file: NonNullable<NonNullable<EntityInput['measures']>[string]> = measure.ratio === undefined ? { aggregation: measure.aggregation ?? 'count' } : { ratio: { ...measure.ratio } };
  if (measure.expression !== undefined) file.expression = measure.expression;
  if (measure.label !== undefined) file.label = measure.label;
  if (measure.description !== undefined) file.description = measure.description;
  if (measure.synonyms.length > 0) file.synonyms = [...measure.synonyms];
  if (measure.format !== undefined) file.format = measure.format;
  return file;
}
