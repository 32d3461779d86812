/**
 * An Ossie document -> the askdata draft: datasets become entities, fields become fields (with their
 * types, time roles and synonyms), primary keys and relationships become keys and join paths, metrics become
 * measures. What the draft cannot hold is reported with its path.
 */
import type { FieldType } from '@askdata/core';
import type { SqlNode } from '../sql/sql-expression';
import type { ImportReport, Where } from '../draft/import-report';
import { type EntityDraft, type FieldDraft, type ModelDraft, addSynonyms, fieldForColumn, newEntity, uniqueKey } from '../draft/model-draft';
import { keyOf, readRowExpression, tableOf } from '../draft/read-columns';
import { type InputProblem } from '../source/import-error';
import { ASKDATA_VENDOR, datasetExtensionSchema, fieldExtensionSchema, modelExtensionSchema, readAskdataExtension, relationshipExtensionSchema } from './askdata-extension';
import { readOssieMetrics } from './read-ossie-metrics';
import { SQL_DIALECTS, type OssieAiContext, type OssieCustomExtension, type OssieDataset, type OssieExpression, type OssieField, type OssieSemanticModel } from './ossie-schema';

/** What the metric reader needs of a dataset: its entity and its declared fields (computed ones as SQL to inline). */
export interface DatasetEntity {
  dataset: OssieDataset;
  entity: EntityDraft;
  /** Field name -> the field key, or the computed expression to inline into metrics. */
  fields: Map<string, { key: string } | { node: SqlNode }>;
  /** Fields whose type the document left open: text, unless a metric sums them. */
  untyped: Set<string>;
}

export interface OssieContext {
  file: string;
  report: ImportReport;
  problems: InputProblem[];
}

const TYPES: Record<string, FieldType | undefined> = { String: 'string', Integer: 'integer', Decimal: 'number', Float: 'number', Boolean: 'boolean', Date: 'date', DateTime: 'datetime', DateTimeTz: 'datetime', Time: 'string', Opaque: undefined };

export function readOssieModel(model: OssieSemanticModel, at: string, context: OssieContext): ModelDraft {
  const where = (path: string): Where => ({ file: context.file, path: `${at}${path === '' ? '' : `.${path}`}` });
  const extension = extensionOf(model.custom_extensions, modelExtensionSchema, where(''), context);
  const draft: ModelDraft = { name: extension?.name ?? model.name, entities: {}, relations: [] };
  if (model.description !== undefined) draft.description = model.description;
  if (extension?.currency !== undefined) draft.currency = extension.currency;
  if (extension?.tenancy !== undefined) draft.tenancy = extension.tenancy;
  if (extension !== undefined) draft.writtenByAskdata = true;
  readAiContext(model.ai_context, `semantic model ${model.name}`, where('ai_context'), context, { none: 'the model as a whole takes no synonyms; its entities, fields and measures do' });
  const datasets = new Map<string, DatasetEntity>();
  model.datasets.forEach((dataset, i) => {
    const read = readDataset(dataset, `datasets[${i}]`, where, context);
    if (read === undefined) return;
    read.entity.key = uniqueKey(Object.keys(draft.entities), read.entity.key);
    draft.entities[read.entity.key] = read.entity;
    datasets.set(dataset.name, read);
  });
  (model.relationships ?? []).forEach((relationship, i) => {
    const path = `relationships[${i}]`;
    const from = datasets.get(relationship.from);
    const to = datasets.get(relationship.to);
    const known = new Set(model.datasets.map((dataset) => dataset.name));
    for (const side of ['from', 'to'] as const) if (!known.has(relationship[side])) context.problems.push({ file: context.file, path: `${at}.${path}.${side}`, message: `names no dataset of this semantic model ("${relationship[side]}")` });
    if (!known.has(relationship.from) || !known.has(relationship.to)) return;
    // A join path has a name but no synonyms: they are reported, not dropped.
    readAiContext(relationship.ai_context, `relationship ${relationship.name}`, where(`${path}.ai_context`), context, { none: 'a join path takes no synonyms (askdata names it after the entity it reaches)' });
    if (from === undefined || to === undefined) {
      context.report.skip(where(path), `relationship ${relationship.name}`, 'one of its datasets was not carried');
      return;
    }
    if (relationship.from_columns.length !== 1 || relationship.to_columns.length !== 1) {
      context.report.skip(where(path), `relationship ${relationship.name}`, relationship.from_columns.length !== relationship.to_columns.length ? 'its column lists differ in length' : 'a join on several columns is not carried (askdata joins on one key)');
      return;
    }
    const ext = extensionOf(relationship.custom_extensions, relationshipExtensionSchema, where(path), context);
    const fromField = keyField(from.entity, relationship.from_columns[0] ?? '', true);
    const toField = keyField(to.entity, relationship.to_columns[0] ?? '', false);
    draft.relations.push({ fromEntity: from.entity.key, fromField, toEntity: to.entity.key, toField, ...(ext?.name === undefined ? {} : { name: ext.name }), where: where(path) });
  });
  readOssieMetrics(model, at, datasets, context);
  for (const { entity, untyped } of datasets.values()) {
    const open = [...untyped].filter((key) => entity.fields[key]?.type === 'string');
    if (open.length > 0) context.report.note(`${entity.key}: no datatype for ${open.join(', ')}; read as text`, entity.where);
  }
  return draft;
}

function readDataset(dataset: OssieDataset, path: string, where: (path: string) => Where, context: OssieContext): DatasetEntity | undefined {
  const here = where(path);
  const source = typeof dataset.source === 'string' ? dataset.source : dataset.source.kind === 'table' ? dataset.source.object : undefined;
  if (source === undefined) {
    context.report.skip(here, `dataset ${dataset.name}`, 'a dataset defined by a query is not carried (askdata entities read a table or view)');
    return undefined;
  }
  const ext = extensionOf(dataset.custom_extensions, datasetExtensionSchema, here, context);
  const { table, qualifiers } = tableOf(source);
  if (qualifiers.length > 0 && ext?.schema === undefined) context.report.note(`dataset ${dataset.name}: ${qualifiers.join('.')} of ${source} is not kept; askdata reads table ${table} from its data source`, here);
  const entity = newEntity(keyOf(dataset.name), table, here);
  if (ext?.schema !== undefined) entity.schema = ext.schema;
  if (dataset.description !== undefined) entity.description = dataset.description;
  readAiContext(dataset.ai_context, `dataset ${dataset.name}`, where(`${path}.ai_context`), context, entity.synonyms);
  const read: DatasetEntity = { dataset, entity, fields: new Map(), untyped: new Set() };
  (dataset.fields ?? []).forEach((field, i) => readField(field, `${path}.fields[${i}]`, read, where, context));
  if (dataset.primary_key !== undefined) {
    if (dataset.primary_key.length === 1) {
      const key = keyField(entity, dataset.primary_key[0] ?? '', false);
      entity.primaryKey = key;
    } else context.report.skip(where(`${path}.primary_key`), `composite primary key of ${dataset.name}`, 'askdata keys an entity by one column');
  }
  if (dataset.unique_keys !== undefined) context.report.skip(where(`${path}.unique_keys`), `unique keys of ${dataset.name}`, 'askdata keeps the primary key only; join paths name the keys they use');
  if (ext !== undefined) {
    if (ext.label !== undefined) entity.label = ext.label;
    if (ext.plural !== undefined) entity.plural = ext.plural;
    if (ext.tenant !== undefined) entity.tenant = ext.tenant;
    if (ext.defaultDate !== undefined) entity.defaultDate = ext.defaultDate;
    if (ext.displayField !== undefined) entity.displayField = ext.displayField;
    if (ext.defaultMeasure !== undefined) entity.defaultMeasure = ext.defaultMeasure;
  }
  return read;
}

function readField(field: OssieField, path: string, read: DatasetEntity, where: (path: string) => Where, context: OssieContext): void {
  const here = where(path);
  const sql = sqlOf(field.expression);
  if (sql === undefined) {
    context.report.skip(here, `field ${field.name}`, `no SQL expression (only ${field.expression.dialects.map((d) => d.dialect).join(', ')})`);
    return;
  }
  const ext = extensionOf(field.custom_extensions, fieldExtensionSchema, here, context);
  const row = readRowExpression(sql);
  if (row.kind === 'arithmetic') {
    read.fields.set(field.name, { node: row.node });
    context.report.skip(here, `computed field ${field.name}`, 'askdata fields read columns; its arithmetic is kept inside the metrics that use it');
    return;
  }
  if (row.kind === 'other') {
    context.report.skip(here, `field ${field.name}`, row.reason);
    return;
  }
  const declaredType = ext?.type ?? (field.datatype === undefined ? undefined : TYPES[field.datatype]);
  if (field.datatype === 'Opaque' && ext?.type === undefined) {
    context.report.skip(here, `field ${field.name}`, 'its datatype is Opaque (outside the portable types)');
    return;
  }
  const isTime = field.dimension?.is_time ?? (declaredType === 'date' || declaredType === 'datetime');
  const type: FieldType = declaredType ?? (isTime ? 'datetime' : 'string');
  const draft: FieldDraft = row.kind === 'joined' ? { column: row.columns[0] ?? '', joinColumns: row.columns, type: 'string', synonyms: [] } : { column: row.column, type, synonyms: [] };
  if (field.datatype === 'Time') context.report.note(`field ${field.name} is a time of day; read as text`, here);
  if (ext?.role !== undefined) draft.role = ext.role;
  else if (type === 'date' || type === 'datetime') draft.role = isTime ? 'time' : 'attribute';
  else if (field.dimension?.is_time === true) context.report.note(`field ${field.name} is a time dimension of type ${type}; askdata reads periods from date fields only, so it is a category`, here);
  if (field.description !== undefined) draft.description = field.description;
  const label = ext?.label ?? field.label;
  if (label !== undefined) draft.label = label;
  readAiContext(field.ai_context, `field ${field.name}`, where(`${path}.ai_context`), context, draft.synonyms);
  if (ext !== undefined) {
    for (const flag of ['format', 'hidden', 'indexValues', 'flag', 'repeats', 'storedAsText'] as const) if (ext[flag] !== undefined) Object.assign(draft, { [flag]: ext[flag] });
    described.add(draft);
  }
  const key = uniqueKey(Object.keys(read.entity.fields), keyOf(field.name));
  read.entity.fields[key] = draft;
  read.fields.set(field.name, { key });
  if (declaredType === undefined && !isTime && row.kind === 'column') read.untyped.add(key);
}

/** Fields an ASKDATA extension described: their role and visibility are as written, not inferred from keys. */
const described = new WeakSet<FieldDraft>();

/** The field over a key column, declared as an identifier when the document only names it in a key. */
function keyField(entity: EntityDraft, column: string, pointsElsewhere: boolean): string {
  const known = fieldForColumn(entity, column);
  const key = known ?? uniqueKey(Object.keys(entity.fields), keyOf(column));
  const field = entity.fields[key] ?? { column, type: 'integer', synonyms: [] };
  entity.fields[key] = field;
  if (described.has(field)) return key;
  // A foreign key is how rows join, not something people ask for: the entity it points at is.
  if (field.role === undefined || field.role === 'dimension' || field.role === 'measure') field.role = 'identifier';
  if (pointsElsewhere && entity.primaryKey !== key) field.hidden = true;
  if (field.type === 'string' && known === undefined) field.type = 'integer';
  return key;
}

/** The expression in ANSI SQL, else in another SQL dialect; undefined when only non-SQL dialects are given. */
export function sqlOf(expression: OssieExpression): string | undefined {
  const ansi = expression.dialects.find((dialect) => dialect.dialect === 'ANSI_SQL');
  return (ansi ?? expression.dialects.find((dialect) => SQL_DIALECTS.has(dialect.dialect)))?.expression;
}

/** Synonyms into `synonyms`; free text for AI (instructions, examples, a plain string) reported as not carried. */
/** `synonyms` receives them; where the element has none to receive (a model, a join path), `synonyms` says why. */
export function readAiContext(aiContext: OssieAiContext | undefined, element: string, where: Where, context: OssieContext, synonyms: string[] | { none: string }): void {
  if (aiContext === undefined) return;
  if (typeof aiContext === 'string') {
    context.report.skip(where, `ai_context of ${element}`, 'free text for AI models; askdata\'s planner reads synonyms (ai_context.synonyms), not prose');
    return;
  }
  if (aiContext.synonyms !== undefined) {
    if (Array.isArray(synonyms)) addSynonyms(synonyms, aiContext.synonyms);
    else context.report.skip({ ...where, path: `${where.path}.synonyms` }, `synonyms of ${element}`, synonyms.none);
  }
  for (const key of Object.keys(aiContext).filter((name) => name !== 'synonyms')) {
    context.report.skip({ ...where, path: `${where.path}.${key}` }, `ai_context.${key} of ${element}`, key === 'examples' ? 'sample questions are not carried (teach them as verified questions once answered)' : 'free text for AI models; askdata\'s planner reads synonyms, not prose');
  }
}

/** The ASKDATA extension's data; other vendors' extensions are reported; a malformed one is an input problem. */
export function extensionOf<T>(extensions: readonly OssieCustomExtension[] | undefined, schema: Parameters<typeof readAskdataExtension<T>>[1], where: Where, context: OssieContext): T | undefined {
  (extensions ?? []).forEach((extension, i) => {
    if (extension.vendor_name.toUpperCase() !== ASKDATA_VENDOR) context.report.skip({ ...where, path: `${where.path}.custom_extensions[${i}]` }, `${extension.vendor_name} extension`, 'another vendor\'s attributes');
  });
  const read = readAskdataExtension(extensions, schema);
  if (!read.ok) {
    context.problems.push({ file: where.file, path: `${where.path}.${read.path}`, message: read.message });
    return undefined;
  }
  return read.value;
}

