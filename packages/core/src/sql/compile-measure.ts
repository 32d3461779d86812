/**
 * Measures as SQL aggregates: count(*) of the base entity, a model measure (its arithmetic expression over
 * quoted columns, then its aggregation), or an ad-hoc aggregation of one field.
 */
import { sql } from 'kysely';
import { CoreError } from '../errors/core-error';
import { assertNever, type MeasureSpec } from '../plan/query-plan';
import type { Aggregation } from '../semantic/model-schema';
import type { MeasureExpression, ModelEntity, SemanticModel } from '../semantic/semantic-model';
import { columnOf, entityOf, fieldColumn } from './column-ref';
import type { DialectHooks, Sql } from './dialect-hooks';

export function compileMeasure(measure: MeasureSpec, model: SemanticModel, hooks: DialectHooks): Sql {
  switch (measure.kind) {
    case 'count':
      return sql`count(*)`;
    case 'model': {
      const entity = entityOf(model, measure.entity);
      const modelMeasure = entity.measures[measure.measure];
      if (!modelMeasure) throw new CoreError('PLAN_INVALID', `Unknown measure "${measure.entity}.${measure.measure}".`);
      const expression = modelMeasure.expression === undefined ? undefined : compileExpression(modelMeasure.expression, entity, hooks);
      return aggregate(modelMeasure.aggregation, expression, hooks);
    }
    case 'aggregate':
      return aggregate(measure.aggregation, fieldColumn(model, measure.field), hooks);
    default:
      return assertNever(measure, 'measure kind');
  }
}

function aggregate(aggregation: Aggregation, expression: Sql | undefined, hooks: DialectHooks): Sql {
  if (expression === undefined) {
    if (aggregation === 'count') return sql`count(*)`;
    throw new CoreError('PLAN_INVALID', `A ${aggregation} measure needs an expression.`);
  }
  switch (aggregation) {
    case 'count':
      return sql`count(${expression})`;
    case 'count_distinct':
      return sql`count(distinct ${expression})`;
    case 'sum':
      return sql`sum(${expression})`;
    case 'avg':
      return sql`avg(${expression})`;
    case 'min':
      return sql`min(${expression})`;
    case 'max':
      return sql`max(${expression})`;
    case 'median':
      if (!hooks.median) throw new CoreError('PLAN_INVALID', `Median is not supported on ${hooks.dialect}.`, { issues: [{ path: 'measures', message: `median is not supported on ${hooks.dialect}` }] });
      return hooks.median(expression);
    default:
      return assertNever(aggregation, 'aggregation');
  }
}

/**
 * A model measure's arithmetic. Field names resolve to quoted columns of the measure's own entity; number
 * constants come from the model file (trusted configuration, finite by construction) and are written as
 * literals so PostgreSQL infers numeric types from them. Division is decimal and yields NULL on zero.
 */
export function compileExpression(expression: MeasureExpression, entity: ModelEntity, hooks: DialectHooks, nested = false): Sql {
  switch (expression.kind) {
    case 'field': {
      const field = entity.fields[expression.field];
      if (!field) throw new CoreError('MODEL_INVALID', `Measure expression names unknown field "${entity.name}.${expression.field}".`);
      return columnOf(entity.name, field.column);
    }
    case 'number':
      if (!Number.isFinite(expression.value)) throw new CoreError('MODEL_INVALID', 'Measure expression has a non-finite number.');
      return sql.lit(expression.value);
    case 'binary': {
      const left = compileExpression(expression.left, entity, hooks, true);
      const right = compileExpression(expression.right, entity, hooks, true);
      const op = expression.op;
      const body = op === '/' ? sql`${hooks.toDecimal(left)} / nullif(${right}, 0)` : sql`${left} ${sql.raw(op)} ${right}`;
      // Inner operations are parenthesised so the model's grouping survives; the outermost needs none.
      return nested ? sql`(${body})` : body;
    }
    default:
      return assertNever(expression, 'expression kind');
  }
}
