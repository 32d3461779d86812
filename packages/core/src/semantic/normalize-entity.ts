/**
 * One entity of a model file -> its resolved form: labels, columns, roles, formats and value indexing
 * filled in; measure expressions parsed and checked; tenancy resolved (failing closed); and the entity's
 * own references (primaryKey, defaultDate, displayField, defaultMeasure) checked.
 */
import { defaultFormat, defaultIndexValues, inferRole } from './field-defaults';
import { humanize, isPlural, pluralize, singularize } from './humanize';
import { MeasureExpressionError, measureExpressionFields, parseMeasureExpression } from './measure-expression';
import type { Aggregation, EntityFile, FieldFile, MeasureFile, ValueFormat } from './model-schema';
import type { ModelIssues } from './model-issues';
import { nameRecord, ownEntry } from './name-record';
import type { EntityTenancy, MeasureExpression, ModelEntity, ModelField, ModelMeasure, ModelTenancy } from './semantic-model';

export interface EntityContext {
  tenancy: ModelTenancy;
  /** Field keys used as the `from` side of a relation ("orders.product_id"). */
  relationKeys: ReadonlySet<string>;
  issues: ModelIssues;
}

const isNumeric = (field: ModelField): boolean => field.type === 'integer' || field.type === 'number';
const isTemporal = (field: ModelField): boolean => field.type === 'date' || field.type === 'datetime';

export function normalizeEntity(name: string, file: EntityFile, context: EntityContext): ModelEntity {
  const at = `entities.${name}`;
  const primaryKey = file.primaryKey ?? ('id' in file.fields ? 'id' : undefined);
  const fields = nameRecord<ModelField>([]);
  for (const [key, field] of Object.entries(file.fields)) {
    fields[key] = normalizeField(name, key, field, { isKey: key === primaryKey || context.relationKeys.has(`${name}.${key}`) }, `${at}.fields.${key}`, context.issues);
  }
  const measures = nameRecord<ModelMeasure>([]);
  for (const [key, measure] of Object.entries(file.measures)) {
    measures[key] = measure.ratio === undefined ? normalizeMeasure(name, key, measure, fields, `${at}.measures.${key}`, context.issues) : normalizeRatio(name, key, measure, measure.ratio);
  }
  for (const [key, measure] of Object.entries(file.measures)) {
    if (measure.ratio === undefined) continue;
    checkRatio(measure.ratio, measures, `${at}.measures.${key}.ratio`, context.issues);
    // Like the plan IR's ratio, it reads in its numerator's unit ("revenue per bag" is money); counts over counts are decimals.
    const numerator = ownEntry(measures, measure.ratio.numerator);
    const ratio = ownEntry(measures, key);
    if (measure.format === undefined && numerator !== undefined && ratio !== undefined) ratio.format = numerator.format === 'integer' ? 'number' : numerator.format;
  }
  const humanName = humanize(name);
  const label = file.label ?? singularize(humanName);
  const plural = file.plural ?? (file.label === undefined && isPlural(humanName) ? humanName : pluralize(label));
  const entity: ModelEntity = {
    name,
    table: file.table ?? name,
    label,
    plural,
    synonyms: [...file.synonyms],
    tenancy: normalizeTenancy(name, file, fields, context),
    fields,
    measures,
  };
  if (file.schema !== undefined) entity.schema = file.schema;
  if (file.description !== undefined) entity.description = file.description;
  if (primaryKey !== undefined) entity.primaryKey = primaryKey;
  if (file.defaultDate !== undefined) entity.defaultDate = file.defaultDate;
  if (file.displayField !== undefined) entity.displayField = file.displayField;
  if (file.defaultMeasure !== undefined) entity.defaultMeasure = file.defaultMeasure;
  checkEntityReferences(entity, file, at, context.issues);
  return entity;
}

function normalizeField(entity: string, name: string, file: FieldFile, hints: { isKey: boolean }, at: string, issues: ModelIssues): ModelField {
  const role = file.role ?? inferRole(name, file.type, hints);
  if (file.hidden && file.indexValues === true) issues.add(`${at}.indexValues`, 'a hidden field cannot index its values (hidden fields are never filtered on)');
  const field: ModelField = {
    name,
    entity,
    column: file.column ?? file.joinColumns?.[0] ?? name,
    type: file.type,
    label: file.label ?? humanize(name),
    synonyms: [...file.synonyms],
    format: file.format ?? defaultFormat(file.type, role),
    hidden: file.hidden,
    role,
    indexValues: file.indexValues ?? defaultIndexValues(file.type, role, file.hidden),
  };
  if (file.description !== undefined) field.description = file.description;
  if (file.storedAsText === true) field.storedAsText = true;
  if (file.textDateFormat !== undefined) {
    if (file.type !== 'date') issues.add(`${at}.textDateFormat`, 'only a date field can be read from text in a date format');
    field.textDateFormat = file.textDateFormat;
  }
  if (file.repeats === true) field.repeats = true;
  if (file.flag === true) {
    if (file.type !== 'integer') issues.add(`${at}.flag`, 'only an integer field holding 0 and 1 can be a flag (boolean fields are yes/no already)');
    field.flag = true;
  }
  if (file.joinColumns !== undefined) {
    if (file.type !== 'string') issues.add(`${at}.joinColumns`, 'only a string field can join columns into a label');
    if (file.indexValues === true) issues.add(`${at}.indexValues`, 'a joined label cannot index its values');
    field.joinColumns = [...file.joinColumns];
    field.indexValues = false;
  }
  return field;
}

/** A ratio of two measures; it aggregates like an average (see ModelMeasure.aggregation). */
function normalizeRatio(entity: string, name: string, file: MeasureFile, ratio: NonNullable<MeasureFile['ratio']>): ModelMeasure {
  const measure: ModelMeasure = { name, entity, label: file.label ?? humanize(name), synonyms: [...file.synonyms], aggregation: 'avg', ratio: { ...ratio }, format: file.format ?? 'number' };
  if (file.description !== undefined) measure.description = file.description;
  return measure;
}

/** Both parts are plain measures of the same entity: one level of nesting, as the plan IR's ratio. */
function checkRatio(ratio: NonNullable<MeasureFile['ratio']>, measures: Record<string, ModelMeasure>, at: string, issues: ModelIssues): void {
  for (const part of ['numerator', 'denominator'] as const) {
    const measure = ownEntry(measures, ratio[part]);
    if (measure === undefined) issues.add(`${at}.${part}`, `unknown measure "${ratio[part]}" of this entity (measures: ${Object.keys(measures).join(', ')})`);
    else if (measure.ratio !== undefined) issues.add(`${at}.${part}`, `"${ratio[part]}" is a ratio itself; a ratio divides two plain measures`);
  }
}

function normalizeMeasure(entity: string, name: string, file: MeasureFile, fields: Record<string, ModelField>, at: string, issues: ModelIssues): ModelMeasure {
  // The schema requires an aggregation on every measure that is not a ratio.
  const aggregation = file.aggregation ?? 'count';
  const measure: ModelMeasure = { name, entity, label: file.label ?? humanize(name), synonyms: [...file.synonyms], aggregation, format: 'number' };
  if (file.description !== undefined) measure.description = file.description;
  let expression: MeasureExpression | undefined;
  if (file.expression !== undefined) {
    try {
      expression = parseMeasureExpression(file.expression);
    } catch (error) {
      if (!(error instanceof MeasureExpressionError)) throw error;
      issues.add(`${at}.expression`, `cannot parse "${file.expression}": ${error.message}`);
    }
  }
  if (expression !== undefined) measure.expression = expression;
  const used = expression === undefined ? [] : measureExpressionFields(expression);
  const unknown = used.filter((field) => ownEntry(fields, field) === undefined);
  for (const field of unknown) issues.add(`${at}.expression`, `unknown field "${field}" of entity "${entity}" (fields: ${Object.keys(fields).join(', ')})`);
  const resolved = used.map((field) => ownEntry(fields, field)).filter((field): field is ModelField => field !== undefined);
  if (unknown.length === 0 && (file.expression === undefined || expression !== undefined)) checkAggregation(aggregation, expression, resolved, at, issues);
  measure.format = file.format ?? defaultMeasureFormat(aggregation, resolved);
  return measure;
}

/** What each aggregation can be applied to; the compiler relies on these guarantees. */
function checkAggregation(aggregation: Aggregation, expression: MeasureExpression | undefined, fields: ModelField[], at: string, issues: ModelIssues): void {
  const single = expression?.kind === 'field';
  switch (aggregation) {
    case 'count':
      if (expression !== undefined && !single) issues.add(`${at}.expression`, 'count takes no expression (rows) or a single field (non-empty values)');
      return;
    case 'count_distinct':
      if (!single) issues.add(`${at}.expression`, 'count_distinct needs a single field, e.g. expression: user_id');
      return;
    case 'min':
    case 'max':
      if (expression === undefined) issues.add(`${at}.expression`, `${aggregation} needs an expression`);
      else if (!(single && fields.every(isTemporal)) && !fields.every(isNumeric)) issues.add(`${at}.expression`, `${aggregation} needs numeric fields or a single date field; not numeric: ${nonNumeric(fields)}`);
      return;
    case 'sum':
    case 'avg':
    case 'median':
      if (expression === undefined) issues.add(`${at}.expression`, `${aggregation} needs an expression, e.g. expression: "subtotal - discount"`);
      else if (!fields.every(isNumeric)) issues.add(`${at}.expression`, `${aggregation} needs numeric fields; not numeric: ${nonNumeric(fields)}`);
      return;
    default: {
      const unreachable: never = aggregation;
      return unreachable;
    }
  }
}

const nonNumeric = (fields: ModelField[]): string =>
  fields
    .filter((field) => !isNumeric(field))
    .map((field) => `${field.name} (${field.type})`)
    .join(', ');

function defaultMeasureFormat(aggregation: Aggregation, fields: ModelField[]): ValueFormat {
  if (aggregation === 'count' || aggregation === 'count_distinct') return 'integer';
  const formats = new Set(fields.map((field) => field.format));
  const only = formats.size === 1 ? [...formats][0] : undefined;
  if (only === 'currency' || only === 'percent' || only === 'date' || only === 'datetime') return only;
  if (only === 'integer' && aggregation !== 'avg') return 'integer';
  return 'number';
}

function normalizeTenancy(name: string, file: EntityFile, fields: Record<string, ModelField>, context: EntityContext): EntityTenancy {
  if (context.tenancy.mode === 'none') return { kind: 'shared' };
  const at = `entities.${name}.tenant`;
  const strategy = context.tenancy.strategy?.kind;
  if (strategy !== undefined) {
    // One place keeps tenants apart: a tenant column here as well would be a second rule to keep right, and
    // `shared` would claim a table is common to tenants whose tables are each in their own place.
    if (file.tenant !== undefined) context.issues.add(at, `tenancy.strategy is ${strategy}: each tenant's tables are in its own ${strategy}, so entities take no tenant: mapping; remove it`);
    // A schema named on the entity would be read for every tenant alike, past the tenant's search path.
    if (strategy === 'schema' && file.schema !== undefined) context.issues.add(`entities.${name}.schema`, 'tenancy.strategy is schema: tables are found in the tenant\'s schema, so an entity cannot name a schema of its own; remove it');
    return { kind: 'isolated' };
  }
  const declared = Object.keys(context.tenancy.keys);
  if (file.tenant === undefined) {
    context.issues.add(at, `entity "${name}" declares no tenant; the model scopes queries by context (${declared.join(', ')}), so add tenant: { ${declared[0] ?? 'key'}: <column> } or tenant: shared`);
    return { kind: 'scoped', columns: {} };
  }
  if (file.tenant === 'shared') return { kind: 'shared' };
  const entries = Object.entries(file.tenant);
  if (entries.length === 0) context.issues.add(at, `entity "${name}" maps no context key; map at least one (${declared.join(', ')}) or say tenant: shared`);
  const columns = new Set(Object.values(fields).map((field) => field.column));
  for (const [key, column] of entries) {
    if (!declared.includes(key)) context.issues.add(`${at}.${key}`, `unknown context key "${key}"; tenancy.context declares: ${declared.join(', ')}`);
    if (!columns.has(column)) context.issues.add(`${at}.${key}`, `column "${column}" is not a field of entity "${name}"; declare it under fields (it can be hidden: true)`);
  }
  return { kind: 'scoped', columns: nameRecord(entries) };
}

function checkEntityReferences(entity: ModelEntity, file: EntityFile, at: string, issues: ModelIssues): void {
  const fieldNames = Object.keys(entity.fields).join(', ');
  if (file.primaryKey !== undefined && ownEntry(entity.fields, file.primaryKey) === undefined) issues.add(`${at}.primaryKey`, `unknown field "${file.primaryKey}" (fields: ${fieldNames})`);
  if (file.displayField !== undefined && ownEntry(entity.fields, file.displayField) === undefined) issues.add(`${at}.displayField`, `unknown field "${file.displayField}" (fields: ${fieldNames})`);
  if (file.defaultDate !== undefined) {
    const field = ownEntry(entity.fields, file.defaultDate);
    if (field === undefined) issues.add(`${at}.defaultDate`, `unknown field "${file.defaultDate}" (fields: ${fieldNames})`);
    else if (!isTemporal(field)) issues.add(`${at}.defaultDate`, `field "${file.defaultDate}" is a ${field.type}, not a date or datetime`);
  }
  if (file.defaultMeasure !== undefined && ownEntry(entity.measures, file.defaultMeasure) === undefined) {
    issues.add(`${at}.defaultMeasure`, `unknown measure "${file.defaultMeasure}" (measures: ${Object.keys(entity.measures).join(', ') || 'none'})`);
  }
}
