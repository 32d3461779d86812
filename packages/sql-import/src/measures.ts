/**
 * Aggregates as plan measures. An aggregate whose expression is a model measure's expression, with the
 * same aggregation, is that measure (`SUM(o.subtotal - o.discount)` is `orders.revenue`; `COUNT(*)` is
 * the entity's row-count measure when it has one), so a verified plan reads like the rules engine's and
 * answers with the measure's label and format. Any other expression inside an aggregate is refused.
 */
import type { Aggregation, MeasureExpression, ModelEntity, SimpleMeasure } from '@askdata/core';
import type { SqlNode } from './parse-sql';
import { refuseNumberStoredAsText, type NameScope, type Source } from './name-scope';
import { describe } from './literals';
import { unknownName, unsupported } from './sql-import-error';

const AGGREGATIONS: Record<string, Aggregation> = { COUNT: 'count', SUM: 'sum', AVG: 'avg', MIN: 'min', MAX: 'max' };

function sameExpression(a: MeasureExpression, b: MeasureExpression): boolean {
  if (a.kind === 'field' && b.kind === 'field') return a.field === b.field;
  if (a.kind === 'number' && b.kind === 'number') return a.value === b.value;
  if (a.kind === 'binary' && b.kind === 'binary' && a.op === b.op) {
    const straight = sameExpression(a.left, b.left) && sameExpression(a.right, b.right);
    // a + b is b + a; a - b is not b - a.
    return straight || ((a.op === '+' || a.op === '*') && sameExpression(a.left, b.right) && sameExpression(a.right, b.left));
  }
  return false;
}

/** An arithmetic expression over one entity's fields, as the model writes measure expressions. */
function expressionOf(scope: NameScope, node: SqlNode, entities: Set<ModelEntity>, alone = false): MeasureExpression {
  if (node.type === 'column_ref') {
    const column = scope.resolve(node);
    if (column.kind === 'tenant' || column.field.hidden) throw unknownName('column', column.text);
    // Alone, the column is a plain aggregate the data is asked about (numbers-as-text.ts); in arithmetic the
    // SQL adds its text, the model's measure its numbers.
    if (!alone) refuseNumberStoredAsText(column);
    entities.add(column.source.entity);
    return { kind: 'field', field: column.field.name };
  }
  if (node.type === 'number') return { kind: 'number', value: Number(node.value) };
  if (node.type === 'binary_expr' && ['+', '-', '*', '/'].includes(node.operator)) {
    return { kind: 'binary', op: node.operator as '+' | '-' | '*' | '/', left: expressionOf(scope, node.left, entities), right: expressionOf(scope, node.right, entities) };
  }
  throw unsupported('an expression inside an aggregate that is not arithmetic over columns', describe(node));
}

function modelMeasure(entity: ModelEntity, aggregation: Aggregation, expression: MeasureExpression | undefined): SimpleMeasure | undefined {
  const found = Object.values(entity.measures).find(
    (m) => m.aggregation === aggregation && (expression === undefined ? m.expression === undefined : m.expression !== undefined && sameExpression(m.expression, expression)),
  );
  return found ? { kind: 'model', entity: entity.name, measure: found.name } : undefined;
}

export const isAggregate = (node: SqlNode | undefined): boolean => node?.type === 'aggr_func';

/** `base` is the plan's base entity: COUNT(*) counts its rows. */
export function measureOf(scope: NameScope, node: SqlNode, base: Source): SimpleMeasure {
  const name = String(node.name).toUpperCase();
  const aggregation = AGGREGATIONS[name];
  if (aggregation === undefined) throw unsupported(`the aggregate ${name}()`);
  const argument: SqlNode | undefined = node.args?.expr;
  const distinct = typeof node.args?.distinct === 'string';
  if (argument?.type === 'star' || (argument?.type === 'column_ref' && argument.column === '*')) {
    if (aggregation !== 'count' || distinct) throw unsupported(`${name}(*)`);
    return modelMeasure(base.entity, 'count', undefined) ?? { kind: 'count' };
  }
  if (argument === undefined) throw unsupported(`${name}() without an argument`);
  const effective: Aggregation = distinct ? (aggregation === 'count' ? 'count_distinct' : aggregation) : aggregation;
  if (distinct && aggregation !== 'count' && aggregation !== 'min' && aggregation !== 'max') throw unsupported(`${name}(DISTINCT ...)`);
  const entities = new Set<ModelEntity>();
  const expression = expressionOf(scope, argument, entities, true);
  const [entity] = [...entities];
  if (entity === undefined || entities.size > 1) throw unsupported('an aggregate over columns of several tables', describe(argument));
  // A column kept as text stays a plain aggregate, which numbers-as-text.ts finds in the plan.
  const storedAsText = expression.kind === 'field' && entity.fields[expression.field]?.storedAsText === true;
  const measure = storedAsText ? undefined : modelMeasure(entity, effective, expression);
  if (measure) return measure;
  if (expression.kind !== 'field') throw unsupported(`an expression inside ${name}() that is not a measure of the model`, `no measure of "${entity.table}" is ${effective} of it`);
  return { kind: 'aggregate', aggregation: effective, field: { entity: entity.name, field: expression.field } };
}
