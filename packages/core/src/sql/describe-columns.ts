/**
 * The result columns a compiled plan returns, which the answer shaper reads. Alias convention (stable):
 *   aggregate plans: d0, d1 for dimensions (in plan order), then m0..m3 for measures (in plan order);
 *   list plans: the field name for fields of the base entity, "entity.field" for fields of joined entities.
 * Time-grain dimensions come back as text: day and week "YYYY-MM-DD" (a week is named by its Monday),
 * month "YYYY-MM", quarter "YYYY-Qn", year "YYYY", identical in every dialect.
 */
import { assertNever, type Dimension, type FieldRef, type MeasureSpec, type QueryPlan, type TimeGrain } from '../plan/query-plan';
import type { Aggregation, FieldType, ValueFormat } from '../semantic/model-schema';
import type { ModelField, SemanticModel } from '../semantic/semantic-model';
import { entityOf, fieldOf } from './column-ref';

export interface OutputColumn {
  alias: string;
  role: 'dimension' | 'measure' | 'field';
  /** Header for people: "order date", "revenue", "number of orders". */
  label: string;
  /** What the cells hold: numbers, text, booleans, or ISO dates / grain buckets (text). */
  kind: 'string' | 'number' | 'boolean' | 'date';
  format: ValueFormat;
  /** For time-grain dimensions: how to read the bucket text. */
  grain?: TimeGrain;
  /** The field behind a dimension or list column. */
  field?: FieldRef;
}

export const dimensionAlias = (index: number): string => `d${index}`;
export const measureAlias = (index: number): string => `m${index}`;
export const listFieldAlias = (plan: QueryPlan, ref: FieldRef): string => (ref.entity === plan.entity ? ref.field : `${ref.entity}.${ref.field}`);

export function describeColumns(plan: QueryPlan, model: SemanticModel): OutputColumn[] {
  switch (plan.kind) {
    case 'aggregate':
      return [
        ...plan.dimensions.map((dimension, i) => describeDimension(dimension, i, model)),
        ...plan.measures.map((measure, i) => ({ alias: measureAlias(i), role: 'measure' as const, ...describeMeasure(plan.entity, measure, model) })),
      ];
    case 'list':
      return plan.fields.map((ref) => {
        const field = fieldOf(model, ref);
        return { alias: listFieldAlias(plan, ref), role: 'field', label: field.label, kind: kindOf(field.type), format: field.format, field: ref };
      });
    default:
      return assertNever(plan, 'plan kind');
  }
}

function describeDimension(dimension: Dimension, index: number, model: SemanticModel): OutputColumn {
  const field = fieldOf(model, dimension.field);
  const column: OutputColumn = { alias: dimensionAlias(index), role: 'dimension', label: field.label, kind: kindOf(field.type), format: field.format, field: dimension.field };
  return dimension.grain === undefined ? column : { ...column, kind: 'date', format: 'date', grain: dimension.grain };
}

const aggregationWords: Record<Aggregation, string> = {
  count: 'number of',
  count_distinct: 'number of distinct',
  sum: 'total',
  avg: 'average',
  min: 'lowest',
  max: 'highest',
  median: 'median',
};

function describeMeasure(base: string, measure: MeasureSpec, model: SemanticModel): Pick<OutputColumn, 'label' | 'kind' | 'format'> {
  switch (measure.kind) {
    case 'count':
      return { label: `number of ${entityOf(model, base).plural}`, kind: 'number', format: 'integer' };
    case 'model': {
      const modelMeasure = entityOf(model, measure.entity).measures[measure.measure];
      return { label: modelMeasure?.label ?? measure.measure, kind: 'number', format: modelMeasure?.format ?? 'number' };
    }
    case 'aggregate': {
      const field = fieldOf(model, measure.field);
      return { label: `${aggregationWords[measure.aggregation]} ${field.label}`, ...aggregateKind(measure.aggregation, field) };
    }
    default:
      return assertNever(measure, 'measure kind');
  }
}

function aggregateKind(aggregation: Aggregation, field: ModelField): Pick<OutputColumn, 'kind' | 'format'> {
  switch (aggregation) {
    case 'count':
    case 'count_distinct':
      return { kind: 'number', format: 'integer' };
    case 'min':
    case 'max':
      return { kind: kindOf(field.type), format: field.format };
    case 'sum':
    case 'median':
      return { kind: 'number', format: field.format };
    case 'avg': // the average of whole numbers is rarely whole; keep money and percentages as they are
      return { kind: 'number', format: field.format === 'currency' || field.format === 'percent' ? field.format : 'number' };
    default:
      return assertNever(aggregation, 'aggregation');
  }
}

function kindOf(type: FieldType): OutputColumn['kind'] {
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
    case 'datetime':
      return 'date';
    default:
      return assertNever(type, 'field type');
  }
}
