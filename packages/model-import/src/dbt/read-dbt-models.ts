/**
 * dbt semantic models -> entities. Entities (dbt's keys) become key fields and join paths: a foreign
 * entity joins to the semantic model whose primary (or unique) entity has its name. Dimensions become
 * fields (categorical ones text, time ones dates), measures become measures. dbt has no synonyms; askdata
 * reads them from each element's `config: meta: synonyms: [...]`.
 */
import type { Aggregation, FieldType } from '@askdata/core';
import type { ImportReport, Where } from '../draft/import-report';
import { addMeasure, type ColumnResolver } from '../draft/measure-builder';
import { type EntityDraft, type FieldDraft, type ModelDraft, addSynonyms, fieldForColumn, newEntity, uniqueKey } from '../draft/model-draft';
import { keyOf, readRowExpression } from '../draft/read-columns';
import type { AggregateShape } from '../sql/read-aggregate';
import { parseOrReason } from '../sql/read-aggregate';
import type { DbtDimension, DbtEntity, DbtMeasure, DbtSemanticModel } from './dbt-schema';
import type { Located } from './read-dbt-documents';

/**
 * Where a dbt measure went: an askdata measure, or, for a measure named after the one column it aggregates
 * (`- name: price, agg: average`), that column's field: such a measure describes the column (its label,
 * synonyms and description go to the field), and askdata aggregates a numeric field as each question asks.
 */
export type MeasureHome = { kind: 'measure'; entity: string; key: string } | { kind: 'column'; entity: string; field: string; aggregation: Aggregation };

const FINE_GRAINS = new Set(['nanosecond', 'microsecond', 'millisecond', 'second', 'minute', 'hour']);
const AGGREGATIONS: Partial<Record<DbtMeasure['agg'], Aggregation>> = { sum: 'sum', min: 'min', max: 'max', average: 'avg', count: 'count', count_distinct: 'count_distinct', median: 'median' };

export function readDbtModels(models: readonly Located<DbtSemanticModel>[], draft: ModelDraft, report: ImportReport): Map<string, MeasureHome> {
  const primaryEntities = new Map<string, { entity: string; field: string }>();
  const read: Array<{ located: Located<DbtSemanticModel>; entity: EntityDraft }> = [];
  for (const located of models) {
    const model = located.value;
    const entity = newEntity(uniqueKey(Object.keys(draft.entities), keyOf(model.name)), located.table ?? model.name, located.where);
    if (model.description) entity.description = model.description;
    addSynonyms(entity.synonyms, [...metaSynonyms(model.config), ...(model.label ? [model.label.toLowerCase()] : [])].filter((word) => word !== entity.key.replace(/_/g, ' ')));
    draft.entities[entity.key] = entity;
    read.push({ located, entity });
    model.entities.forEach((key, i) => {
      const field = readKey(entity, key, pathOf(located, 'entities', i), located.where, report);
      if (field !== undefined && (key.type === 'primary' || key.type === 'unique')) {
        if (key.type === 'primary') entity.primaryKey = field;
        if (!primaryEntities.has(key.name) || key.type === 'primary') primaryEntities.set(key.name, { entity: entity.key, field });
      }
    });
    model.dimensions.forEach((dimension, i) => readDimension(entity, dimension, { ...located.where, path: pathOf(located, 'dimensions', i) }, report));
    const aggTime = model.defaults?.agg_time_dimension;
    if (aggTime) {
      const field = Object.keys(entity.fields).find((key) => key === keyOf(aggTime));
      if (field !== undefined) entity.defaultDate = field;
    }
  }
  for (const { located, entity } of read) {
    located.value.entities.forEach((key, i) => {
      if (key.type !== 'foreign') return;
      const where = { ...located.where, path: pathOf(located, 'entities', i) };
      const target = primaryEntities.get(key.name);
      const fromField = fieldForColumn(entity, columnOfKey(key));
      if (target === undefined) report.skip(where, `foreign entity ${key.name} of ${located.value.name}`, `no semantic model has ${key.name} as its primary or unique entity, so there is nothing to join to`);
      else if (fromField !== undefined && target.entity !== entity.key) draft.relations.push({ fromEntity: entity.key, fromField, toEntity: target.entity, toField: target.field, where });
    });
  }
  const measures = new Map<string, MeasureHome>();
  for (const { located, entity } of read) {
    located.value.measures.forEach((measure, i) => {
      const where = { ...located.where, path: pathOf(located, 'measures', i) };
      const home = readMeasure(entity, measure, where, report);
      if (home !== undefined) measures.set(measure.name, home);
    });
  }
  return measures;
}

/** Where the i-th entity, dimension or measure was written: under the semantic model, or on the model's columns and metrics. */
function pathOf(located: Located<DbtSemanticModel>, kind: 'entities' | 'dimensions' | 'measures', i: number): string {
  return located.paths?.[kind][i] ?? `${located.where.path}.${kind}[${i}]`;
}

function columnOfKey(key: DbtEntity): string {
  return key.expr === undefined || key.expr === null ? key.name : String(key.expr);
}

function readKey(entity: EntityDraft, key: DbtEntity, path: string, at: Where, report: ImportReport): string | undefined {
  const where = { ...at, path };
  if (key.type === 'natural') {
    report.skip(where, `natural entity ${key.name}`, 'slowly changing dimensions (validity windows) are not carried');
    return undefined;
  }
  const row = readRowExpression(columnOfKey(key));
  if (row.kind !== 'column') {
    report.skip(where, `entity ${key.name}`, row.kind === 'other' ? row.reason : 'a key computed from several columns is not carried (askdata joins on one column)');
    return undefined;
  }
  const known = fieldForColumn(entity, row.column);
  const fieldKey = known ?? uniqueKey(Object.keys(entity.fields), keyOf(row.column));
  const field: FieldDraft = entity.fields[fieldKey] ?? { column: row.column, type: 'integer', role: 'identifier', synonyms: [], typeAssumed: true };
  // A foreign key is how rows join, not something people ask for: the entity it points at is.
  if (key.type === 'foreign') field.hidden = true;
  if (key.description) field.description = key.description;
  // An entity's label and role name the entity it joins to (or a second way to it), not this key column.
  if (key.label) report.skip({ ...where, path: `${path}.label` }, `label of entity ${key.name}`, 'askdata names entities after their semantic models; the key column keeps its own name');
  if (key.role) report.skip({ ...where, path: `${path}.role` }, `role of entity ${key.name}`, 'entity roles are not carried; a second join to the same model is named by its key column instead');
  addSynonyms(field.synonyms, metaSynonyms(key.config, key.meta));
  entity.fields[fieldKey] = field;
  return fieldKey;
}

function readDimension(entity: EntityDraft, dimension: DbtDimension, where: Where, report: ImportReport): void {
  const row = readRowExpression(dimension.expr === undefined || dimension.expr === null ? dimension.name : String(dimension.expr));
  if (row.kind === 'arithmetic' || row.kind === 'other') {
    report.skip(where, `dimension ${dimension.name}`, row.kind === 'other' ? row.reason : 'a computed dimension is not carried (askdata fields read columns)');
    return;
  }
  if (dimension.type_params?.validity_params) report.skip(where, `validity window of dimension ${dimension.name}`, 'slowly changing dimensions are not carried; the column is read as a plain date');
  const grain = dimension.type_params?.time_granularity ?? undefined;
  const type: FieldType = dimension.type === 'time' ? (grain !== undefined && FINE_GRAINS.has(grain.toLowerCase()) ? 'datetime' : 'date') : 'string';
  const key = uniqueKey(Object.keys(entity.fields), keyOf(dimension.name));
  // dbt states no column types: a categorical dimension's 'string' is only a default (dbt/column-types.ts).
  const field: FieldDraft = row.kind === 'joined' ? { column: row.columns[0] ?? '', joinColumns: row.columns, type: 'string', synonyms: [] } : { column: row.column, type, synonyms: [], ...(dimension.type === 'time' ? {} : { typeAssumed: true as const }) };
  field.role = dimension.type === 'time' ? 'time' : 'dimension';
  if (dimension.label) field.label = dimension.label;
  if (dimension.description) field.description = dimension.description;
  addSynonyms(field.synonyms, metaSynonyms(dimension.config, dimension.meta));
  entity.fields[key] = field;
}

function readMeasure(entity: EntityDraft, measure: DbtMeasure, where: Where, report: ImportReport): MeasureHome | undefined {
  const aggregation = AGGREGATIONS[measure.agg];
  if (aggregation === undefined) {
    const reason = measure.agg === 'percentile' ? 'percentiles are not an askdata aggregation (median is)' : 'sum_boolean is not carried (count the rows where the column is true instead)';
    report.skip(where, `measure ${measure.name}`, reason);
    return undefined;
  }
  if (measure.non_additive_dimension) {
    report.skip(where, `measure ${measure.name}`, `it is non-additive over ${measure.non_additive_dimension.name} (a balance or a snapshot); askdata would add it up across periods`);
    return undefined;
  }
  const expression = measure.expr === undefined || measure.expr === null ? measure.name : String(measure.expr);
  const parsed = parseOrReason(expression);
  if (!parsed.ok) {
    report.skip(where, `measure ${measure.name}`, parsed.reason);
    return undefined;
  }
  // `agg: sum, expr: 1` is dbt's way of counting rows.
  const countsRows = (aggregation === 'sum' || aggregation === 'count') && parsed.value.kind === 'number';
  const shape: AggregateShape = countsRows ? { kind: 'simple', aggregation: 'count' } : { kind: 'simple', aggregation, inner: parsed.value };
  if (measure.agg_time_dimension) report.skip(where, `agg_time_dimension of measure ${measure.name}`, 'askdata reads a period on the entity\'s default date for every measure');
  const synonyms = metaSynonyms(measure.config, measure.meta);
  if (!countsRows && aggregation !== 'count' && aggregation !== 'count_distinct' && parsed.value.kind === 'column' && parsed.value.table === undefined && parsed.value.name.toLowerCase() === measure.name.toLowerCase()) {
    const field = columnField(entity, parsed.value.name);
    if (aggregation === 'sum' || aggregation === 'avg' || aggregation === 'median') field.draft.aggregatedAsNumber = true;
    if (measure.label) field.draft.label = measure.label;
    if (measure.description) field.draft.description = measure.description;
    addSynonyms(field.draft.synonyms, synonyms);
    report.note(`measure ${measure.name} (${aggregation} of column ${parsed.value.name}) describes that column: carried as field ${entity.key}.${field.key}, which askdata aggregates as each question asks`, where);
    return { kind: 'column', entity: entity.key, field: field.key, aggregation };
  }
  const resolve: ColumnResolver = (column) => (column.table === undefined ? { ok: true, value: { kind: 'column', name: column.name } } : { ok: false, reason: `it names ${column.table}.${column.name}; a measure reads its own model's columns` });
  const meta = { ...(measure.label ? { label: measure.label } : {}), ...(measure.description ? { description: measure.description } : {}), synonyms };
  const added = addMeasure(entity, keyOf(measure.name), shape, meta, resolve, report, where);
  if (!added.ok) {
    report.skip(where, `measure ${measure.name}`, added.reason);
    return undefined;
  }
  return { kind: 'measure', entity: entity.key, key: added.value };
}

/** The numeric field over `column`, declared when no dimension or key reads it. */
function columnField(entity: EntityDraft, column: string): { key: string; draft: FieldDraft } {
  const known = fieldForColumn(entity, column);
  const key = known ?? uniqueKey(Object.keys(entity.fields), keyOf(column));
  const draft: FieldDraft = entity.fields[key] ?? { column, type: 'number', role: 'measure', synonyms: [], typeAssumed: true };
  entity.fields[key] = draft;
  return { key, draft };
}

/** askdata's convention for synonyms in dbt, which has no field for them: `config: { meta: { synonyms: [...] } }`. */
export function metaSynonyms(config: { meta?: Record<string, unknown> | undefined } | undefined | null, meta?: Record<string, unknown> | null): string[] {
  const value = config?.meta?.synonyms ?? meta?.synonyms;
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
