/**
 * The gate every plan passes, whoever wrote it (rules engine, LLM, a stored conversation): zod shape first,
 * then every name and operation checked against the semantic model. All problems are reported at once, with
 * paths, so an LLM retry (or a developer) can fix them in one go.
 */
import { CoreError, type ErrorIssue } from '../errors/core-error';
import type { SqlDialect } from '../datasource/data-source';
import type { ModelField, SemanticModel } from '../semantic/semantic-model';
import { aggregationTypes, duplicateSafeAggregations, filterOpTypes, isTemporal, valueMismatch } from './field-rules';
import { parseIsoDate } from './iso-date';
import { reachableEntities } from './join-path';
import { planFieldRefs, type PlanFieldRef } from './plan-references';
import { assertNever, queryPlanSchema, type Filter, type QueryPlan } from './query-plan';
import { formatIssuePath } from './zod-issue-path';

export interface ValidatePlanOptions {
  /** When known, dialect-specific limits are checked too (SQLite has no median). */
  dialect?: SqlDialect;
}

/** Dialects whose compiler can compute a median; see sql/dialects. */
const medianDialects: ReadonlySet<SqlDialect> = new Set(['postgres']);

export function validatePlan(input: unknown, model: SemanticModel, options: ValidatePlanOptions = {}): QueryPlan {
  const parsed = queryPlanSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message }));
    throw planInvalid(issues);
  }
  const issues = checkAgainstModel(parsed.data, model, options);
  if (issues.length > 0) throw planInvalid(issues);
  return parsed.data;
}

function planInvalid(issues: ErrorIssue[]): CoreError {
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return new CoreError('PLAN_INVALID', `The query plan does not fit the semantic model: ${summary}`, { issues });
}

function checkAgainstModel(plan: QueryPlan, model: SemanticModel, options: ValidatePlanOptions): ErrorIssue[] {
  const base = model.entities[plan.entity];
  if (!base) return [{ path: 'entity', message: `unknown entity "${plan.entity}" (known: ${Object.keys(model.entities).join(', ')})` }];
  const issues: ErrorIssue[] = [];
  const reachable = reachableEntities(model, plan.entity);
  const fieldsAt = new Map<string, ModelField>();
  for (const use of planFieldRefs(plan)) {
    const field = checkFieldRef(use, model, reachable, issues);
    if (field) fieldsAt.set(use.path, field);
  }
  plan.filters.forEach((filter, i) => {
    const field = fieldsAt.get(`filters[${i}].field`);
    if (field) checkFilter(filter, field, `filters[${i}]`, issues);
  });
  if (plan.timeRange) checkTimeRange(plan, fieldsAt.get('timeRange.field'), issues);
  switch (plan.kind) {
    case 'aggregate':
      checkAggregate(plan, model, fieldsAt, options, issues);
      break;
    case 'list':
      checkDuplicateFields(plan.fields.map((f) => `${f.entity}.${f.field}`), 'fields', issues);
      break;
    default:
      return assertNever(plan, 'plan kind');
  }
  return issues;
}

function checkFieldRef(use: PlanFieldRef, model: SemanticModel, reachable: Map<string, unknown>, issues: ErrorIssue[]): ModelField | undefined {
  const { entity, field } = use.ref;
  const modelEntity = model.entities[entity];
  if (!modelEntity) {
    issues.push({ path: `${use.path}.entity`, message: `unknown entity "${entity}"` });
    return undefined;
  }
  const modelField = modelEntity.fields[field];
  if (!modelField || modelField.hidden) {
    // Hidden fields are reported exactly like unknown ones: their existence is not something to confirm.
    issues.push({ path: `${use.path}.field`, message: `unknown field "${field}" on entity "${entity}"` });
    return undefined;
  }
  if (!reachable.has(entity)) {
    issues.push({ path: `${use.path}.entity`, message: `entity "${entity}" cannot be reached from "${[...reachable.keys()][0]}" along many-to-one relations` });
    return undefined;
  }
  return modelField;
}

function checkFilter(filter: Filter, field: ModelField, path: string, issues: ErrorIssue[]): void {
  if (!filterOpTypes[filter.op].includes(field.type)) {
    issues.push({ path: `${path}.op`, message: `operator "${filter.op}" does not apply to ${field.type} field "${field.entity}.${field.name}"` });
    return;
  }
  const values: [string, unknown][] = [];
  switch (filter.op) {
    case 'eq': case 'neq': case 'gt': case 'gte': case 'lt': case 'lte': case 'contains': case 'not_contains':
      values.push([`${path}.value`, filter.value]);
      break;
    case 'in': case 'not_in':
      filter.values.forEach((value, i) => values.push([`${path}.values[${i}]`, value]));
      break;
    case 'between':
      values.push([`${path}.low`, filter.low], [`${path}.high`, filter.high]);
      break;
    case 'is_null': case 'is_not_null':
      break;
    default:
      return assertNever(filter, 'filter op');
  }
  for (const [valuePath, value] of values) {
    const expected = valueMismatch(field.type, value);
    if (expected) issues.push({ path: valuePath, message: `expected ${expected} for ${field.type} field "${field.entity}.${field.name}", got ${JSON.stringify(value)}` });
  }
}

function checkTimeRange(plan: QueryPlan, field: ModelField | undefined, issues: ErrorIssue[]): void {
  const range = plan.timeRange;
  if (!range) return;
  if (field && !isTemporal(field.type)) issues.push({ path: 'timeRange.field', message: `field "${field.entity}.${field.name}" is ${field.type}, not a date or datetime` });
  const start = range.start === undefined ? undefined : parseIsoDate(range.start);
  const end = range.end === undefined ? undefined : parseIsoDate(range.end);
  if (range.start !== undefined && !start) issues.push({ path: 'timeRange.start', message: `not an ISO 8601 date: ${JSON.stringify(range.start)}` });
  if (range.end !== undefined && !end) issues.push({ path: 'timeRange.end', message: `not an ISO 8601 date: ${JSON.stringify(range.end)}` });
  if (start && end && start.getTime() >= end.getTime()) issues.push({ path: 'timeRange', message: 'start must be before end (start is inclusive, end exclusive)' });
}

function checkAggregate(
  plan: Extract<QueryPlan, { kind: 'aggregate' }>,
  model: SemanticModel,
  fieldsAt: Map<string, ModelField>,
  options: ValidatePlanOptions,
  issues: ErrorIssue[],
): void {
  const medianOk = options.dialect === undefined || medianDialects.has(options.dialect);
  plan.measures.forEach((measure, i) => {
    const path = `measures[${i}]`;
    switch (measure.kind) {
      case 'count':
        return;
      case 'model': {
        const modelMeasure = model.entities[measure.entity]?.measures[measure.measure];
        if (!model.entities[measure.entity]) issues.push({ path: `${path}.entity`, message: `unknown entity "${measure.entity}"` });
        else if (!modelMeasure) issues.push({ path: `${path}.measure`, message: `unknown measure "${measure.measure}" on entity "${measure.entity}"` });
        else if (measure.entity !== plan.entity) issues.push({ path: `${path}.entity`, message: `measure "${measure.entity}.${measure.measure}" must be computed on a plan whose entity is "${measure.entity}" (joining would repeat its rows)` });
        else if (modelMeasure.aggregation === 'median' && !medianOk) issues.push({ path: `${path}.measure`, message: `median is not supported on ${options.dialect}` });
        return;
      }
      case 'aggregate': {
        const field = fieldsAt.get(`${path}.field`);
        if (!field) return;
        if (!aggregationTypes[measure.aggregation].includes(field.type)) issues.push({ path: `${path}.aggregation`, message: `${measure.aggregation} does not apply to ${field.type} field "${field.entity}.${field.name}"` });
        else if (measure.aggregation === 'median' && !medianOk) issues.push({ path: `${path}.aggregation`, message: `median is not supported on ${options.dialect}` });
        else if (field.entity !== plan.entity && !duplicateSafeAggregations.has(measure.aggregation)) issues.push({ path: `${path}.field`, message: `${measure.aggregation} over a field of joined entity "${field.entity}" would count its rows once per "${plan.entity}" row; use count_distinct, min or max, or plan on "${field.entity}"` });
        return;
      }
      default:
        return assertNever(measure, 'measure kind');
    }
  });
  plan.dimensions.forEach((dimension, i) => {
    const field = fieldsAt.get(`dimensions[${i}].field`);
    if (field && dimension.grain !== undefined && !isTemporal(field.type)) issues.push({ path: `dimensions[${i}].grain`, message: `a time grain needs a date or datetime field; "${field.entity}.${field.name}" is ${field.type}` });
  });
  checkDuplicateFields(plan.dimensions.map((d) => `${d.field.entity}.${d.field.field}:${d.grain ?? ''}`), 'dimensions', issues);
  plan.orderBy.forEach((order, i) => {
    const count = order.target === 'measure' ? plan.measures.length : plan.dimensions.length;
    if (order.index >= count) issues.push({ path: `orderBy[${i}].index`, message: `the plan has ${count} ${order.target}${count === 1 ? '' : 's'}; index ${order.index} is out of range` });
  });
}

function checkDuplicateFields(keys: string[], path: string, issues: ErrorIssue[]): void {
  keys.forEach((key, i) => {
    if (keys.indexOf(key) !== i) issues.push({ path: `${path}[${i}]`, message: `repeats ${path}[${keys.indexOf(key)}]` });
  });
}
