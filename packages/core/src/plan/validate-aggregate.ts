/**
 * Aggregate-plan checks against the model: measures (simple, share, ratio), dimensions, compared
 * periods, averageOver and ordering. Field references were already resolved (and reported when unknown,
 * hidden or unreachable) by validate-plan; `fieldsAt` maps each reference path to its model field.
 */
import type { ErrorIssue } from '../errors/core-error';
import type { Aggregation } from '../semantic/model-schema';
import type { ModelField, ModelMeasure, SemanticModel } from '../semantic/semantic-model';
import { aggregationTypes, duplicateSafeAggregations, isTemporal } from './field-rules';
import { simpleParts } from './plan-references';
import { assertNever, type AggregatePlan, type SimpleMeasure } from './query-plan';
import { checkFilter } from './validate-filter';
import type { DialectCapabilities } from './dialect-capabilities';
import { checkComparePeriods } from './validate-time';
import { findEntity, findMeasure } from '../semantic/model-lookup';
import { ownEntry } from '../semantic/name-record';
import { checkRollupAndTotals } from './validate-rollup';

/**
 * A share is "part of a whole": only aggregations where the part is at most the whole and the parts
 * make sense as fractions of it. A share of an average, minimum or maximum is not a percentage of anything.
 */
const shareableAggregations: ReadonlySet<Aggregation> = new Set(['sum', 'count', 'count_distinct']);

interface Check {
  plan: AggregatePlan;
  model: SemanticModel;
  fieldsAt: Map<string, ModelField>;
  medianOk: boolean;
  dialect: DialectCapabilities | undefined;
  issues: ErrorIssue[];
}

export function checkAggregate(plan: AggregatePlan, model: SemanticModel, fieldsAt: Map<string, ModelField>, dialect: DialectCapabilities | undefined, issues: ErrorIssue[]): void {
  // The dialect says itself whether it has a median (its hooks' `median`); without one, the compiler decides.
  const check: Check = { plan, model, fieldsAt, medianOk: dialect === undefined || dialect.median !== undefined, dialect, issues };
  plan.measures.forEach((measure, i) => {
    const path = `measures[${i}]`;
    const parts = simpleParts(measure, path).map((part) => ({ ...part, aggregation: checkSimpleMeasure(part.measure, part.path, check) }));
    switch (measure.kind) {
      case 'count':
      case 'model':
      case 'aggregate':
        return;
      case 'share':
      case 'percent_of_total': {
        const [of] = parts;
        if (of?.aggregation !== undefined && !shareableAggregations.has(of.aggregation)) {
          issues.push({ path: `${path}.of`, message: `a share needs a sum or a count (part of a whole); ${of.aggregation} is not one` });
        }
        if (measure.kind === 'percent_of_total') return;
        measure.where.forEach((filter, j) => {
          const field = fieldsAt.get(`${path}.where[${j}].field`);
          if (field) checkFilter(filter, field, `${path}.where[${j}]`, issues);
        });
        return;
      }
      case 'ratio':
        for (const part of parts) {
          const field = part.measure.kind === 'aggregate' ? fieldsAt.get(`${part.path}.field`) : undefined;
          if (field && isTemporal(field.type) && part.aggregation !== 'count' && part.aggregation !== 'count_distinct') {
            issues.push({ path: part.path, message: `a ratio needs numbers; ${part.aggregation ?? 'this'} of ${field.type} field "${field.entity}.${field.name}" is a date` });
          }
        }
        return;
      default:
        return assertNever(measure, 'measure kind');
    }
  });
  plan.dimensions.forEach((dimension, i) => {
    const field = fieldsAt.get(`dimensions[${i}].field`);
    if (field && dimension.grain !== undefined && !isTemporal(field.type)) issues.push({ path: `dimensions[${i}].grain`, message: `a time grain needs a date or datetime field; "${field.entity}.${field.name}" is ${field.type}` });
  });
  checkDuplicateFields(plan.dimensions.map((d) => `${d.field.entity}.${d.field.field}:${d.grain ?? ''}`), 'dimensions', issues);
  checkComparePeriods(plan, fieldsAt, issues);
  checkAverageOver(check);
  checkRollupAndTotals(plan, fieldsAt, dialect, issues);
  plan.having.forEach((condition, i) => {
    if (condition.measure >= plan.measures.length) issues.push({ path: `having[${i}].measure`, message: `the plan has ${plan.measures.length} measure(s); index ${condition.measure} is out of range` });
  });
  // A figure over every group is taken over one set of groups; compared periods would be several.
  if (plan.comparePeriods !== undefined && plan.having.some((condition) => 'against' in condition)) issues.push({ path: 'having', message: 'a comparison with all groups cannot be combined with compared periods' });
  if (plan.having.length > 0 && plan.averageOver !== undefined) issues.push({ path: 'having', message: 'a condition on grouped figures cannot be combined with averageOver' });
  plan.orderBy.forEach((order, i) => {
    const count = order.target === 'measure' ? plan.measures.length : plan.dimensions.length;
    if (order.index >= count) issues.push({ path: `orderBy[${i}].index`, message: `the plan has ${count} ${order.target}${count === 1 ? '' : 's'}; index ${order.index} is out of range` });
  });
}

/** Checks a simple measure; returns its aggregation when it is known (for the share rule). */
function checkSimpleMeasure(measure: SimpleMeasure, path: string, check: Check): Aggregation | undefined {
  const { plan, model, issues } = check;
  switch (measure.kind) {
    case 'count':
      return 'count';
    case 'model': {
      const modelMeasure = findMeasure(model, measure.entity, measure.measure);
      if (!findEntity(model, measure.entity)) issues.push({ path: `${path}.entity`, message: `unknown entity "${measure.entity}"` });
      else if (!modelMeasure) issues.push({ path: `${path}.measure`, message: `unknown measure "${measure.measure}" on entity "${measure.entity}"` });
      else if (measure.entity !== plan.entity) issues.push({ path: `${path}.entity`, message: `measure "${measure.entity}.${measure.measure}" must be computed on a plan whose entity is "${measure.entity}" (joining would repeat its rows)` });
      else if (medianIn(modelMeasure, findEntity(model, measure.entity)?.measures ?? {}) && !check.medianOk) issues.push({ path: `${path}.measure`, message: `median is not supported on ${check.dialect?.name}` });
      return modelMeasure?.aggregation;
    }
    case 'aggregate': {
      const field = check.fieldsAt.get(`${path}.field`);
      if (!field) return measure.aggregation;
      if (!aggregationTypes[measure.aggregation].includes(field.type)) issues.push({ path: `${path}.aggregation`, message: `${measure.aggregation} does not apply to ${field.type} field "${field.entity}.${field.name}"` });
      else if (measure.aggregation === 'median' && !check.medianOk) issues.push({ path: `${path}.aggregation`, message: `median is not supported on ${check.dialect?.name}` });
      else if (field.entity !== plan.entity && !duplicateSafeAggregations.has(measure.aggregation)) issues.push({ path: `${path}.field`, message: `${measure.aggregation} over a field of joined entity "${field.entity}" would count its rows once per "${plan.entity}" row; use count_distinct, min or max, or plan on "${field.entity}"` });
      return measure.aggregation;
    }
    default:
      return assertNever(measure, 'measure kind');
  }
}

/** A median measure, or a ratio with a median part. */
function medianIn(measure: ModelMeasure, measures: Record<string, ModelMeasure>): boolean {
  if (measure.ratio === undefined) return measure.aggregation === 'median';
  return [measure.ratio.numerator, measure.ratio.denominator].some((name) => ownEntry(measures, name)?.aggregation === 'median');
}

/**
 * averageOver groups by its field in an inner query. A dimension on the same field would make each
 * average an average over one value; a date field would group by the instant, which nobody means.
 */
function checkAverageOver({ plan, fieldsAt, issues }: Check): void {
  const over = plan.averageOver;
  if (!over) return;
  const field = fieldsAt.get('averageOver');
  if (field && isTemporal(field.type)) issues.push({ path: 'averageOver', message: `averaging over each "${field.entity}.${field.name}" instant is not supported; use a dimension with a grain instead` });
  plan.dimensions.forEach((dimension, i) => {
    if (dimension.field.entity === over.entity && dimension.field.field === over.field) issues.push({ path: 'averageOver', message: `is also dimensions[${i}]; each group would hold one value, so the average would repeat the figure` });
  });
}

export function checkDuplicateFields(keys: string[], path: string, issues: ErrorIssue[]): void {
  keys.forEach((key, i) => {
    if (keys.indexOf(key) !== i) issues.push({ path: `${path}[${i}]`, message: `repeats ${path}[${keys.indexOf(key)}]` });
  });
}
