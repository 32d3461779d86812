/**
 * Looks up what a plan's references mean for people: labels, nouns and display formats. Plans are
 * validated against the model before they reach the shaper, so a missing reference is a bug upstream
 * and reported as PLAN_INVALID rather than shown as a half-labelled answer.
 */
import { CoreError } from '../errors/core-error';
import { assertNever, type Dimension, type FieldRef, type RollupAggregation, type SimpleMeasure } from '../plan/query-plan';
import type { Aggregation } from '../semantic/model-schema';
import type { ModelEntity, ModelField, SemanticModel } from '../semantic/semantic-model';
import { numberStyleFor, type CellFormat } from './cell-format';
import { findEntity } from '../semantic/model-lookup';
import { ownEntry } from '../semantic/name-record';

export interface Noun {
  singular: string;
  plural: string;
}

export interface MeasureInfo {
  /** Lower-case, as in a sentence: "revenue", "number of orders", "average price". */
  label: string;
  cell: CellFormat;
  /** The SQL aggregation, or the composite it is: `share`, `ratio`, or `average` for an averageOver mean. */
  aggregation: Aggregation | 'share' | 'ratio' | 'average';
  /** Sums and counts add up across groups, so a total and a share mean something. */
  additive: boolean;
  /** Set for counts, which read better as "1,284 orders" than "number of orders was 1,284". */
  countNoun?: Noun;
  /** For shares: who the part is ("Laptop", plural false) and what it is a share of ("revenue"). */
  share?: { subject: string; plural: boolean; of: string };
  /** For a rollup (or averageOver): the group each figure was computed for ("customer", "month"), the figure per group, and how the figures were aggregated. */
  perGroup?: { noun: Noun; of: MeasureInfo; aggregation: RollupAggregation };
}

export function entityOf(model: SemanticModel, name: string): ModelEntity {
  const entity = findEntity(model, name);
  if (entity === undefined) throw new CoreError('PLAN_INVALID', `The plan names an unknown entity "${name}".`);
  return entity;
}

export function fieldOf(model: SemanticModel, ref: FieldRef): ModelField {
  const field = ownEntry(entityOf(model, ref.entity).fields, ref.field);
  if (field === undefined) throw new CoreError('PLAN_INVALID', `The plan names an unknown field "${ref.entity}.${ref.field}".`);
  return field;
}

/** The display format of a plain field value (list columns, category dimensions, filter values). */
export function fieldCell(field: ModelField): CellFormat {
  // Ids and numbers formatted as text (years, codes) read as written: "1980", not "1,980".
  if (field.role === 'identifier' || ((field.type === 'integer' || field.type === 'number') && field.format === 'text')) return { kind: 'text' };
  switch (field.type) {
    case 'string':
      return { kind: 'text' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'date':
    case 'datetime':
      return { kind: 'date' };
    case 'integer':
    case 'number':
      return { kind: 'number', style: numberStyleFor(field.format) };
    default:
      return assertNever(field.type, 'field type');
  }
}

/** What a count of this field counts: its entity for a key, the target entity for a foreign key. */
function countedNoun(model: SemanticModel, field: ModelField): Noun {
  const entity = entityOf(model, field.entity);
  if (entity.primaryKey === field.name) return { singular: entity.label, plural: entity.plural };
  const relation = model.relations.find((r) => r.fromEntity === field.entity && r.fromField === field.name);
  const target = relation === undefined ? undefined : findEntity(model, relation.toEntity);
  if (target !== undefined) return { singular: target.label, plural: target.plural };
  return { singular: `${field.label} value`, plural: `${field.label} values` };
}

function aggregateInfo(model: SemanticModel, aggregation: Aggregation, ref: FieldRef): MeasureInfo {
  const field = fieldOf(model, ref);
  const isDate = field.type === 'date' || field.type === 'datetime';
  const valueCell: CellFormat = isDate ? { kind: 'date' } : { kind: 'number', style: numberStyleFor(field.format, aggregation) };
  const integer: CellFormat = { kind: 'number', style: 'integer' };
  switch (aggregation) {
    case 'count': {
      const noun = countedNoun(model, field);
      return { label: `number of ${noun.plural}`, cell: integer, aggregation, additive: true, countNoun: noun };
    }
    case 'count_distinct': {
      const noun = countedNoun(model, field);
      return { label: `number of distinct ${noun.plural}`, cell: integer, aggregation, additive: false, countNoun: noun };
    }
    case 'sum':
      return { label: `total ${field.label}`, cell: valueCell, aggregation, additive: true };
    case 'avg':
      return { label: `average ${field.label}`, cell: valueCell, aggregation, additive: false };
    case 'median':
      return { label: `median ${field.label}`, cell: valueCell, aggregation, additive: false };
    case 'min':
      return { label: `${isDate ? 'earliest' : 'lowest'} ${field.label}`, cell: valueCell, aggregation, additive: false };
    case 'max':
      return { label: `${isDate ? 'latest' : 'highest'} ${field.label}`, cell: valueCell, aggregation, additive: false };
    default:
      return assertNever(aggregation, 'aggregation');
  }
}

/** A simple measure's labels and format; composite ones are built from these in measure-info.ts. */
export function simpleMeasureInfo(model: SemanticModel, baseEntity: string, spec: SimpleMeasure): MeasureInfo {
  switch (spec.kind) {
    case 'count': {
      const entity = entityOf(model, baseEntity);
      const noun = { singular: entity.label, plural: entity.plural };
      return { label: `number of ${entity.plural}`, cell: { kind: 'number', style: 'integer' }, aggregation: 'count', additive: true, countNoun: noun };
    }
    case 'model': {
      const entity = entityOf(model, spec.entity);
      const measure = ownEntry(entity.measures, spec.measure);
      if (measure === undefined) throw new CoreError('PLAN_INVALID', `The plan names an unknown measure "${spec.entity}.${spec.measure}".`);
      const counts = measure.aggregation === 'count' && measure.expression === undefined;
      const info: MeasureInfo = {
        label: measure.label,
        cell: { kind: 'number', style: counts ? 'integer' : numberStyleFor(measure.format, measure.aggregation) },
        aggregation: measure.aggregation,
        additive: measure.aggregation === 'sum' || measure.aggregation === 'count',
      };
      return counts ? { ...info, countNoun: { singular: entity.label, plural: entity.plural } } : info;
    }
    case 'aggregate':
      return aggregateInfo(model, spec.aggregation, spec.field);
    default:
      return assertNever(spec, 'measure');
  }
}

export interface DimensionInfo {
  /** Lower-case: "category", "month", "product" (an entity's display field is named after the entity). */
  label: string;
  cell: CellFormat;
  /** The grain when the dimension is a time series; dates without a grain are days. */
  grain?: Dimension['grain'];
}

export function dimensionInfo(model: SemanticModel, dimension: Dimension): DimensionInfo {
  const field = fieldOf(model, dimension.field);
  const isDate = field.type === 'date' || field.type === 'datetime';
  if (dimension.grain !== undefined) return { label: dimension.grain, cell: { kind: 'period', grain: dimension.grain }, grain: dimension.grain };
  if (isDate) return { label: field.label, cell: { kind: 'date' }, grain: 'day' };
  const entity = entityOf(model, field.entity);
  const label = entity.displayField === field.name && entity.primaryKey !== field.name ? entity.label : field.label;
  return { label, cell: fieldCell(field) };
}
