/**
 * Prints a resolved model as an editable YAML model file (`npm run model:scaffold`). The output loads back
 * through loadModelFile to the same model: values equal to what normalisation would derive anyway (column =
 * key, default format, default value indexing) are left out to keep the file short; roles, labels and
 * measure formats are always written because they are what people come to edit.
 */
import { Document, isMap, isSeq } from 'yaml';
import { defaultFormat, defaultIndexValues } from './field-defaults';
import { humanize } from './humanize';
import { formatMeasureExpression } from './measure-expression';
import type { ModelFileInput } from './model-schema';
import type { ModelEntity, ModelField, ModelMeasure, SemanticModel } from './semantic-model';

type EntityInput = ModelFileInput['entities'][string];
type FieldInput = NonNullable<EntityInput['fields'][string]>;
type MeasureInput = NonNullable<NonNullable<EntityInput['measures']>[string]>;

export function modelToFile(model: SemanticModel): ModelFileInput {
  const file: ModelFileInput = { version: 1, name: model.name, currency: model.currency, tenancy: 'none', entities: {}, relations: [] };
  if (model.description !== undefined) file.description = model.description;
  if (model.tenancy.mode === 'context') {
    const context = Object.fromEntries(Object.entries(model.tenancy.keys).map(([key, entry]) => [key, entry.description === undefined ? { required: entry.required } : { description: entry.description, required: entry.required }]));
    const strategy = model.tenancy.strategy;
    file.tenancy = strategy === undefined ? { context } : { context, strategy: strategy.kind, ...(strategy.kind === 'schema' ? { schema: strategy.template.text } : { url: strategy.template.text }) };
  }
  for (const entity of Object.values(model.entities)) file.entities[entity.name] = entityToFile(entity, model.tenancy.mode === 'context');
  file.relations = model.relations.map((relation) => ({ from: `${relation.fromEntity}.${relation.fromField}`, to: `${relation.toEntity}.${relation.toField}`, name: relation.name }));
  return file;
}

function entityToFile(entity: ModelEntity, scoped: boolean): EntityInput {
  // Key order matters to a reader: what the entity is first, then its fields and measures.
  const file: Omit<EntityInput, 'fields'> & { fields?: EntityInput['fields'] } = {};
  if (entity.table !== entity.name) file.table = entity.table;
  if (entity.schema !== undefined) file.schema = entity.schema;
  file.label = entity.label;
  file.plural = entity.plural;
  if (entity.description !== undefined) file.description = entity.description;
  if (entity.synonyms.length > 0) file.synonyms = [...entity.synonyms];
  if (entity.primaryKey !== undefined) file.primaryKey = entity.primaryKey;
  // An isolated entity (schema or database strategy) takes no tenant: mapping at all.
  if (scoped && entity.tenancy.kind !== 'isolated') file.tenant = entity.tenancy.kind === 'shared' ? 'shared' : { ...entity.tenancy.columns };
  if (entity.defaultDate !== undefined) file.defaultDate = entity.defaultDate;
  if (entity.displayField !== undefined) file.displayField = entity.displayField;
  if (entity.defaultMeasure !== undefined) file.defaultMeasure = entity.defaultMeasure;
  const fields = Object.fromEntries(Object.values(entity.fields).map((field) => [field.name, fieldToFile(field)]));
  const measures = Object.values(entity.measures);
  return { ...file, fields, ...(measures.length > 0 ? { measures: Object.fromEntries(measures.map((measure) => [measure.name, measureToFile(measure)])) } : {}) };
}

function fieldToFile(field: ModelField): FieldInput {
  const file: FieldInput = { type: field.type, role: field.role };
  if (field.joinColumns !== undefined) file.joinColumns = [...field.joinColumns];
  else if (field.column !== field.name) file.column = field.column;
  if (field.label !== humanize(field.name)) file.label = field.label;
  if (field.format !== defaultFormat(field.type, field.role)) file.format = field.format;
  if (field.hidden) file.hidden = true;
  if (field.indexValues !== defaultIndexValues(field.type, field.role, field.hidden)) file.indexValues = field.indexValues;
  if (field.synonyms.length > 0) file.synonyms = [...field.synonyms];
  if (field.description !== undefined) file.description = field.description;
  if (field.storedAsText === true) file.storedAsText = true;
  if (field.textDateFormat !== undefined) file.textDateFormat = field.textDateFormat;
  if (field.repeats === true) file.repeats = true;
  if (field.flag === true) file.flag = true;
  return file;
}

function measureToFile(measure: ModelMeasure): MeasureInput {
  const file: MeasureInput = measure.ratio === undefined ? { aggregation: measure.aggregation } : { ratio: { ...measure.ratio } };
  if (measure.expression !== undefined) file.expression = formatMeasureExpression(measure.expression);
  if (measure.label !== humanize(measure.name)) file.label = measure.label;
  file.format = measure.format;
  if (measure.synonyms.length > 0) file.synonyms = [...measure.synonyms];
  if (measure.description !== undefined) file.description = measure.description;
  return file;
}

export function scaffoldModelFile(model: SemanticModel): string {
  const document = new Document(modelToFile(model));
  // One line per field, measure and relation, like a hand-written model.
  for (const entity of Object.values(model.entities)) {
    for (const section of ['fields', 'measures'] as const) {
      const node = document.getIn(['entities', entity.name, section], true);
      if (isMap(node)) for (const item of node.items) if (isMap(item.value)) item.value.flow = true;
    }
    const tenant = document.getIn(['entities', entity.name, 'tenant'], true);
    if (isMap(tenant)) tenant.flow = true;
  }
  const relations = document.get('relations', true);
  if (isSeq(relations)) for (const item of relations.items) if (isMap(item)) item.flow = true;
  const header = [
    `Semantic model derived from ${model.source}.`,
    'Edit labels, synonyms, descriptions and measures, hide personal fields (hidden: true), then point',
    'SEMANTIC_MODEL at this file. Each field: type, role (identifier | dimension | measure | time | attribute).',
  ];
  const excluded = model.excludedTables ?? [];
  if (excluded.length > 0) {
    header.push('', 'Tables left out (they cannot be queried until you add them with a tenant or tenant: shared):');
    for (const table of excluded) header.push(`  - ${table.schema === undefined ? '' : `${table.schema}.`}${table.table}: ${table.reason}`);
  }
  document.commentBefore = header.map((line) => (line === '' ? '' : ` ${line}`)).join('\n');
  return document.toString({ lineWidth: 0 });
}
