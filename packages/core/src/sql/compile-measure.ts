/**
 * Measures as SQL aggregates: count(*) of the base entity, a model measure (its arithmetic expression over
 * quoted columns, then its aggregation), an ad-hoc aggregation of one field, or a composite of those: a
 * share (percentage 0-100 of a whole) or a ratio of two aggregates. Each is one aggregate expression, so
 * composites group, order and nest (averageOver) exactly like simple measures; percent_of_total alone is a
 * window over the grouped rows (validation keeps it out of HAVING and rollups).
 */
import { sql } from 'kysely';
import { CoreError } from '../errors/core-error';
import { assertNever, type MeasureSpec, type SimpleMeasure } from '../plan/query-plan';
import type { Aggregation } from '../semantic/model-schema';
import type { MeasureExpression, ModelEntity, SemanticModel } from '../semantic/semantic-model';
import { columnOf, entityOf, storedValue, valueColumn } from './column-ref';
import { compileFilter } from './compile-filter';
import type { DialectHooks, Sql } from './dialect-hooks';
import { ownEntry } from '../semantic/name-record';

export function compileMeasure(measure: MeasureSpec, model: SemanticModel, hooks: DialectHooks): Sql {
  switch (measure.kind) {
    case 'model': {
      // A ratio measure of the model compiles as the plan IR's ratio of its two measures.
      const ratio = ownEntry(entityOf(model, measure.entity).measures, measure.measure)?.ratio;
      if (ratio !== undefined) {
        const part = (name: string): SimpleMeasure => ({ kind: 'model', entity: measure.entity, measure: name });
        return compileMeasure({ kind: 'ratio', numerator: part(ratio.numerator), denominator: part(ratio.denominator) }, model, hooks);
      }
      const { aggregation, expression } = simpleMeasureParts(measure, model, hooks);
      return aggregate(aggregation, expression, hooks);
    }
    case 'count':
    case 'aggregate': {
      const { aggregation, expression } = simpleMeasureParts(measure, model, hooks);
      return aggregate(aggregation, expression, hooks);
    }
    case 'share':
      return compileShare(measure, model, hooks);
    case 'ratio': {
      // Decimal first: count / count would otherwise be integer division on both dialects.
      const numerator = compileMeasure(measure.numerator, model, hooks);
      const ratio = sql`${hooks.toDecimal(numerator)} / nullif(${compileMeasure(measure.denominator, model, hooks)}, 0)`;
      return measure.percent === true ? sql`100.0 * ${ratio}` : ratio;
    }
    case 'percent_of_total': {
      // The whole is the same aggregate summed over every group of the result: a window over the grouped
      // rows, computed after GROUP BY and before LIMIT, so it reads exactly the plan's selected rows (its
      // FROM/WHERE, tenant predicates included) and no subquery is needed. Zero or no whole gives NULL.
      const part = compileMeasure(measure.of, model, hooks);
      return sql`100.0 * ${hooks.toDecimal(part)} / nullif(sum(${part}) over (), 0)`;
    }
    default:
      return assertNever(measure, 'measure kind');
  }
}

/** A simple measure as its aggregation and the expression it aggregates (undefined: whole rows, count(*)). */
function simpleMeasureParts(measure: SimpleMeasure, model: SemanticModel, hooks: DialectHooks): { aggregation: Aggregation; expression: Sql | undefined } {
  switch (measure.kind) {
    case 'count':
      return { aggregation: 'count', expression: undefined };
    case 'model': {
      const entity = entityOf(model, measure.entity);
      const modelMeasure = ownEntry(entity.measures, measure.measure);
      if (!modelMeasure) throw new CoreError('PLAN_INVALID', `Unknown measure "${measure.entity}.${measure.measure}".`);
      // Validation refuses a share of a ratio (it is not part of a whole); this guards the compiler alone.
      if (modelMeasure.ratio !== undefined) throw new CoreError('PLAN_INVALID', `Measure "${measure.entity}.${measure.measure}" is a ratio, not a single aggregate.`);
      const expression = modelMeasure.expression === undefined ? undefined : compileExpression(modelMeasure.expression, entity, hooks);
      return { aggregation: modelMeasure.aggregation, expression };
    }
    case 'aggregate':
      return { aggregation: measure.aggregation, expression: valueColumn(model, measure.field, hooks) };
    default:
      return assertNever(measure, 'measure kind');
  }
}

/**
 * 100 * AGG(CASE WHEN <where> THEN <expr> END) / AGG(<expr>): the part and the whole come from the same
 * rows in one pass, so they always agree on filters, joins and tenant predicates. A sum over no matching
 * rows is NULL in SQL; it is a 0% share, so the part is coalesced (counts are never NULL). The whole is
 * NULLIF'd so an empty or zero whole gives NULL ("no data") rather than a division error.
 */
function compileShare(measure: Extract<MeasureSpec, { kind: 'share' }>, model: SemanticModel, hooks: DialectHooks): Sql {
  const { aggregation, expression } = simpleMeasureParts(measure.of, model, hooks);
  const condition = sql.join(measure.where.map((filter) => compileFilter(filter, model, hooks)), sql` and `);
  const part = aggregate(aggregation, sql`case when ${condition} then ${expression ?? sql.lit(1)} end`, hooks);
  const numerator = aggregation === 'sum' ? sql`coalesce(${part}, 0)` : part;
  return sql`100.0 * ${numerator} / nullif(${aggregate(aggregation, expression, hooks)}, 0)`;
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
      if (!hooks.median) throw new CoreError('PLAN_INVALID', `Median is not supported on ${hooks.name}.`, { issues: [{ path: 'measures', message: `median is not supported on ${hooks.name}` }] });
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
      const field = ownEntry(entity.fields, expression.field);
      if (!field) throw new CoreError('MODEL_INVALID', `Measure expression names unknown field "${entity.name}.${expression.field}".`);
      return storedValue(field, columnOf(entity.name, field.column), hooks);
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
