/**
 * The result columns a compiled plan returns, which the answer shaper reads. Alias convention (stable):
 *   aggregate plans: `period` first when the plan has comparePeriods (the 0-based index of the period in
 *   plan.comparePeriods, an integer; `periods` on the column lists the labels by index), then d0, d1 for
 *   dimensions (in plan order), then m0..m3 for measures (in plan order);
 *   list plans: the field name for fields of the base entity, "entity.field" for fields of joined entities.
 * Time-grain dimensions come back as text: day and week "YYYY-MM-DD" (a week is named by its Monday),
 * month "YYYY-MM", quarter "YYYY-Qn", year "YYYY", identical in every dialect.
 */
import { assertNever, type AggregatePlan, type Dimension, type FieldRef, type MeasureSpec, type QueryPlan, type SimpleMeasure, type TimeGrain } from '../plan/query-plan';
import type { Aggregation, FieldType, ValueFormat } from '../semantic/model-schema';
import type { ModelField, SemanticModel } from '../semantic/semantic-model';
import { entityOf, fieldOf } from './column-ref';
import { findEntity } from '../semantic/model-lookup';
import { ownEntry } from '../semantic/name-record';
import { grainNoun, planRollup } from '../plan/plan-rollup';

/**
 * A column's display format: the model's formats, plus `percent100` for a number already on the 0-100
 * scale (a share: 38.2 means 38.2%). The model's `percent` is a fraction (0.382), as Intl expects; the two
 * are kept apart so that nothing multiplies a share by 100 twice.
 */
export type ColumnFormat = ValueFormat | 'percent100';

export interface OutputColumn {
  alias: string;
  role: 'period' | 'dimension' | 'measure' | 'field';
  /** Header for people: "order date", "revenue", "number of orders". */
  label: string;
  /** What the cells hold: numbers, text, booleans, or ISO dates / grain buckets (text). */
  kind: 'string' | 'number' | 'boolean' | 'date';
  format: ColumnFormat;
  /** For the period column: the label of each compared period, by index. */
  periods?: string[];
  /** For time-grain dimensions: how to read the bucket text. */
  grain?: TimeGrain;
  /** The field behind a dimension or list column. */
  field?: FieldRef;
}

export const PERIOD_ALIAS = 'period';
export const dimensionAlias = (index: number): string => `d${index}`;
export const measureAlias = (index: number): string => `m${index}`;
export const listFieldAlias = (plan: QueryPlan, ref: FieldRef): string => (ref.entity === plan.entity ? ref.field : `${ref.entity}.${ref.field}`);

/**
 * A list column's header: the field's label, qualified by its entity when the field belongs to a joined
 * entity and the label does not say whose it is ("Shop name" next to "Employee name", not "Name" twice).
 */
function listLabel(plan: QueryPlan, ref: FieldRef, model: SemanticModel): string {
  const label = fieldOf(model, ref).label;
  if (ref.entity === plan.entity) return label;
  const owner = entityOf(model, ref.entity).label;
  if (label.toLowerCase().includes(owner.toLowerCase())) return label;
  const qualified = `${owner} ${label.toLowerCase()}`;
  return qualified.charAt(0).toUpperCase() + qualified.slice(1);
}

export function describeColumns(plan: QueryPlan, model: SemanticModel): OutputColumn[] {
  switch (plan.kind) {
    case 'aggregate':
      return [
        ...(plan.comparePeriods ? [describePeriod(plan.comparePeriods)] : []),
        ...plan.dimensions.map((dimension, i) => describeDimension(dimension, i, model)),
        ...plan.measures.map((measure, i) => ({ alias: measureAlias(i), role: 'measure' as const, ...averaged(plan, describeMeasure(plan.entity, measure, model), model) })),
      ];
    case 'list':
      return plan.fields.map((ref) => {
        const field = fieldOf(model, ref);
        return { alias: listFieldAlias(plan, ref), role: 'field', label: listLabel(plan, ref, model), kind: kindOf(field.type), format: field.format, field: ref };
      });
    default:
      return assertNever(plan, 'plan kind');
  }
}

function describePeriod(periods: NonNullable<AggregatePlan['comparePeriods']>): OutputColumn {
  return { alias: PERIOD_ALIAS, role: 'period', label: 'period', kind: 'number', format: 'integer', periods: periods.map((p) => p.label) };
}

type MeasureDescription = Pick<OutputColumn, 'label' | 'kind' | 'format'>;

/** A rollup (averageOver): "orders per customer" is an average, so counts become decimals ("4.3"). */
function averaged(plan: AggregatePlan, measure: MeasureDescription, model: SemanticModel): MeasureDescription {
  const rollup = planRollup(plan);
  if (rollup === undefined) return measure;
  const noun = rollup.over.grain === undefined ? averageOverNoun(model, rollup.over.field) : grainNoun[rollup.over.grain];
  const words = { avg: 'average', median: 'median', min: 'lowest', max: 'highest', sum: 'total' } as const;
  const whole = rollup.aggregation === 'min' || rollup.aggregation === 'max' || rollup.aggregation === 'sum';
  return { label: `${words[rollup.aggregation]} ${measure.label} per ${noun.singular}`, kind: 'number', format: measure.format === 'integer' && !whole ? 'number' : measure.format };
}

/**
 * What one averageOver group is, for labels: the related entity for a foreign key ("customer" for
 * orders.user_id), the entity for its own key, otherwise the field ("category").
 */
export function averageOverNoun(model: SemanticModel, ref: FieldRef): { singular: string; plural: string } {
  const field = fieldOf(model, ref);
  const entity = entityOf(model, ref.entity);
  if (entity.primaryKey === field.name) return { singular: entity.label, plural: entity.plural };
  const relation = model.relations.find((r) => r.fromEntity === ref.entity && r.fromField === ref.field);
  const target = relation === undefined ? undefined : findEntity(model, relation.toEntity);
  if (target) return { singular: target.label, plural: target.plural };
  return { singular: field.label, plural: `${field.label} values` };
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

function describeMeasure(base: string, measure: MeasureSpec, model: SemanticModel): MeasureDescription {
  switch (measure.kind) {
    case 'count':
    case 'model':
    case 'aggregate':
      return describeSimple(base, measure, model);
    case 'share': {
      const of = describeSimple(base, measure.of, model);
      return { label: `share of ${of.label}`, kind: 'number', format: 'percent100' };
    }
    case 'ratio': {
      const numerator = describeSimple(base, measure.numerator, model);
      if (measure.percent === true) return { label: `${numerator.label} as a percentage of ${describeSimple(base, measure.denominator, model).label}`, kind: 'number', format: 'percent100' };
      // The ratio reads in the numerator's unit ("revenue per customer" is money); counts over counts are decimals.
      return { label: `${numerator.label} per ${perWhat(base, measure.denominator, model)}`, kind: 'number', format: numerator.format === 'integer' ? 'number' : numerator.format };
    }
    case 'percent_of_total':
      return { label: `share of ${describeSimple(base, measure.of, model).label}`, kind: 'number', format: 'percent100' };
    default:
      return assertNever(measure, 'measure kind');
  }
}

/** "customer" for a count of customers (or of distinct orders.user_id); the label otherwise. */
function perWhat(base: string, denominator: SimpleMeasure, model: SemanticModel): string {
  if (denominator.kind === 'count') return entityOf(model, base).label;
  if (denominator.kind === 'aggregate' && (denominator.aggregation === 'count' || denominator.aggregation === 'count_distinct')) return averageOverNoun(model, denominator.field).singular;
  return describeSimple(base, denominator, model).label;
}

function describeSimple(base: string, measure: SimpleMeasure, model: SemanticModel): MeasureDescription {
  switch (measure.kind) {
    case 'count':
      return { label: `number of ${entityOf(model, base).plural}`, kind: 'number', format: 'integer' };
    case 'model': {
      const modelMeasure = ownEntry(entityOf(model, measure.entity).measures, measure.measure);
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
