/**
 * Turns a metric read from SQL (one aggregate, or one aggregate over another) into askdata measures on an
 * entity. Columns the measure aggregates become fields when the source did not declare them (a column used
 * only inside a metric need not be one), so the measure's expression names fields as askdata requires.
 */
import { formatMeasureExpression, type MeasureExpression } from '@askdata/core';
import type { AggregateShape, Read, SimpleAggregate } from '../sql/read-aggregate';
import type { SqlNode } from '../sql/sql-expression';
import type { ImportReport, Where } from './import-report';
import { type EntityDraft, type MeasureDraft, fieldForColumn, uniqueKey } from './model-draft';

/**
 * Resolves a column a metric names to what it means on this entity: a physical column (a `column` node
 * without table) or an expression to inline (a computed field of the source). A reason when it cannot.
 */
export type ColumnResolver = (column: { table?: string; name: string }) => Read<SqlNode>;

export interface MeasureMeta {
  label?: string;
  description?: string;
  synonyms: string[];
}

/** Adds the measure (and, for a ratio, its two parts when the entity has no equal measure yet); returns its key or a reason. */
export function addMeasure(entity: EntityDraft, name: string, shape: AggregateShape, meta: MeasureMeta, resolve: ColumnResolver, report: ImportReport, where: Where): Read<string> {
  if (shape.kind === 'simple') {
    const measure = simpleMeasure(entity, shape, resolve, report, where);
    if (!measure.ok) return measure;
    const key = uniqueKey(Object.keys(entity.measures), name);
    entity.measures[key] = { ...measure.value, ...metaOf(meta) };
    return { ok: true, value: key };
  }
  const parts: string[] = [];
  for (const [part, aggregate] of [['numerator', shape.numerator], ['denominator', shape.denominator]] as const) {
    const measure = simpleMeasure(entity, aggregate, resolve, report, where);
    if (!measure.ok) return { ok: false, reason: `its ${part}: ${measure.reason}` };
    const same = Object.entries(entity.measures).find(([, known]) => known.ratio === undefined && known.aggregation === measure.value.aggregation && known.expression === measure.value.expression);
    if (same !== undefined) parts.push(same[0]);
    else {
      const key = uniqueKey(Object.keys(entity.measures), `${name}_${part}`);
      entity.measures[key] = { ...measure.value, synonyms: [] };
      report.note(`ratio ${name}: its ${part} became measure ${entity.key}.${key}`, where);
      parts.push(key);
    }
  }
  const key = uniqueKey(Object.keys(entity.measures), name);
  entity.measures[key] = { ratio: { numerator: parts[0] ?? '', denominator: parts[1] ?? '' }, ...metaOf(meta) };
  return { ok: true, value: key };
}

const metaOf = (meta: MeasureMeta): Pick<MeasureDraft, 'label' | 'description' | 'synonyms'> => ({
  ...(meta.label === undefined ? {} : { label: meta.label }),
  ...(meta.description === undefined ? {} : { description: meta.description }),
  synonyms: [...meta.synonyms],
});

function simpleMeasure(entity: EntityDraft, aggregate: SimpleAggregate, resolve: ColumnResolver, report: ImportReport, where: Where): Read<MeasureDraft> {
  if (aggregate.inner === undefined) return { ok: true, value: { aggregation: aggregate.aggregation, synonyms: [] } };
  const inlined = inline(aggregate.inner, resolve);
  if (!inlined.ok) return inlined;
  // count and count distinct name a key or a category; the other aggregations need numbers.
  const counted = aggregate.aggregation === 'count' || aggregate.aggregation === 'count_distinct';
  // COUNT(key) counts rows (a primary key is never null): askdata's row count, which the planner knows as such.
  if (aggregate.aggregation === 'count' && inlined.value.kind === 'column' && isPrimaryKey(entity, inlined.value.name)) return { ok: true, value: { aggregation: 'count', synonyms: [] } };
  if (counted && inlined.value.kind !== 'column') return { ok: false, reason: `${aggregate.aggregation} of a computed field is not carried (only of one column)` };
  const expression = toExpression(inlined.value, (column) => fieldFor(entity, column, counted, report, where));
  return { ok: true, value: { aggregation: aggregate.aggregation, expression: formatMeasureExpression(expression), synonyms: [] } };
}

/** Replaces each column by what the resolver says it means, so the result names physical columns only. */
function inline(node: SqlNode, resolve: ColumnResolver): Read<SqlNode> {
  switch (node.kind) {
    case 'column':
      return resolve(node);
    case 'binary': {
      const left = inline(node.left, resolve);
      if (!left.ok) return left;
      const right = inline(node.right, resolve);
      return right.ok ? { ok: true, value: { ...node, left: left.value, right: right.value } } : right;
    }
    case 'negate': {
      const operand = inline(node.operand, resolve);
      return operand.ok ? { ok: true, value: { kind: 'negate', operand: operand.value } } : operand;
    }
    default:
      return { ok: true, value: node };
  }
}

function toExpression(node: SqlNode, field: (column: string) => string): MeasureExpression {
  switch (node.kind) {
    case 'column':
      return { kind: 'field', field: field(node.name) };
    case 'number':
      return { kind: 'number', value: node.value };
    case 'binary':
      return { kind: 'binary', op: node.op, left: toExpression(node.left, field), right: toExpression(node.right, field) };
    case 'negate':
      if (node.operand.kind === 'number') return { kind: 'number', value: -node.operand.value };
      return { kind: 'binary', op: '-', left: { kind: 'number', value: 0 }, right: toExpression(node.operand, field) };
    default:
      // inline() and scalarProblem() leave only columns, numbers and arithmetic.
      throw new Error(`unexpected ${node.kind} in a measure expression`);
  }
}

function isPrimaryKey(entity: EntityDraft, column: string): boolean {
  const key = entity.primaryKey === undefined ? undefined : entity.fields[entity.primaryKey];
  return key !== undefined && key.joinColumns === undefined && key.column.toLowerCase() === column.toLowerCase();
}

/** The field over `column`, declared now when the source used the column only inside metrics. */
function fieldFor(entity: EntityDraft, column: string, counted: boolean, report: ImportReport, where: Where): string {
  const known = fieldForColumn(entity, column);
  if (known !== undefined) return known;
  const key = uniqueKey(Object.keys(entity.fields), column.toLowerCase().replace(/[^a-z0-9_]/g, '_').replace(/^(\d)/, '_$1'));
  entity.fields[key] = counted ? { column, type: 'integer', role: 'identifier', synonyms: [], typeAssumed: true } : { column, type: 'number', role: 'measure', synonyms: [], typeAssumed: true };
  report.note(`column ${entity.table}.${column} is used only inside metrics; it became field ${entity.key}.${key} (${counted ? 'an identifier' : 'a number'})`, where);
  return key;
}
