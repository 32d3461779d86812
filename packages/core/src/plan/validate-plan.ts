/**
 * The gate every plan passes, whoever wrote it (rules engine, LLM, a stored conversation, an admin): the
 * model's own zod schema first (its names as enums), then every name and operation checked against the
 * semantic model. All problems are reported at once, with paths, so an LLM retry (or a developer) can fix
 * them in one go. What passes comes back as a ValidPlan (valid-plan.ts), which later steps take as it is
 * instead of checking it again.
 */
import { CoreError, type ErrorIssue } from '../errors/core-error';
import type { DialectCapabilities } from './dialect-capabilities';
import { publishPlanValidated } from '../events/pipeline-events';
import type { ModelField, SemanticModel } from '../semantic/semantic-model';
import { ambiguousEntities, reachableEntities } from './join-path';
import { planFieldRefs, relatedFilters, vsAggregateFilters, type PlanFieldRef } from './plan-references';
import type { z } from 'zod';
import { modelPlanSchema } from './model-plan-schema';
import { assertNever, queryPlanSchema, type QueryPlan } from './query-plan';
import { checkAggregate, checkDuplicateFields } from './validate-aggregate';
import { checkFilter } from './validate-filter';
import { planLeaves } from './boolean-filters';
import { checkRelatedFilter } from './validate-related';
import { checkVsAggregateFilter } from './validate-vs-aggregate';
import { markValid, type ValidPlan } from './valid-plan';
import { checkTimeRange } from './validate-time';
import { formatIssuePath } from './zod-issue-path';
import { findEntity } from '../semantic/model-lookup';
import { ownEntry } from '../semantic/name-record';

export interface ValidatePlanOptions {
  /** When known, dialect-specific limits are checked too (SQLite has no median). */
  dialect?: DialectCapabilities;
  /**
   * A plan core writes for itself from the model (one per indexed field, when a tenant's value index is
   * built): validated like any other, but not a question's plan, so not reported as one.
   */
  internal?: boolean;
}

export function validatePlan(input: unknown, model: SemanticModel, options: ValidatePlanOptions = {}): ValidPlan {
  // The model's own schema is the gate: a name it does not declare is refused here, whatever
  // Object.prototype holds. Its issues are reported after the shape's (a name that is no identifier at all
  // says so) or, when the shape is right, after the model checks', which run on it (every lookup there is
  // of own names too), so all of a plan's problems are reported at once.
  const parsed = modelPlanSchema(model).safeParse(input);
  if (!parsed.success) {
    const shape = queryPlanSchema.safeParse(input);
    const found = shape.success ? checkAgainstModel(shape.data, model, options) : zodIssues(shape.error);
    throw planInvalid(mergeIssues(found, zodIssues(parsed.error)));
  }
  const issues = checkAgainstModel(parsed.data, model, options);
  if (issues.length > 0) throw planInvalid(issues);
  if (options.internal !== true) publishPlanValidated({ entity: parsed.data.entity });
  return markValid(parsed.data, model);
}

const zodIssues = (error: z.ZodError): ErrorIssue[] => error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message }));

/** The more specific issues first, then the model schema's at paths they do not already name. */
function mergeIssues(specific: ErrorIssue[], schema: ErrorIssue[]): ErrorIssue[] {
  const named = new Set(specific.map((issue) => issue.path));
  return [...specific, ...schema.filter((issue) => !named.has(issue.path))];
}

function planInvalid(issues: ErrorIssue[]): CoreError {
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return new CoreError('PLAN_INVALID', `The query plan does not fit the semantic model: ${summary}`, { issues });
}

function checkAgainstModel(plan: QueryPlan, model: SemanticModel, options: ValidatePlanOptions): ErrorIssue[] {
  const base = findEntity(model, plan.entity);
  if (!base) return [{ path: 'entity', message: `unknown entity "${plan.entity}" (known: ${Object.keys(model.entities).join(', ')})` }];
  const issues: ErrorIssue[] = [];
  const reachable = reachableEntities(model, plan.entity);
  const ambiguous = ambiguousEntities(model, plan.entity);
  const fieldsAt = new Map<string, ModelField>();
  for (const use of planFieldRefs(plan)) {
    if (ambiguous.has(use.ref.entity)) {
      issues.push({ path: `${use.path}.entity`, message: `entity "${use.ref.entity}" can be reached from "${plan.entity}" in more than one way` });
      continue;
    }
    const field = checkFieldRef(use, model, reachable, issues);
    if (field) fieldsAt.set(use.path, field);
  }
  for (const { leaf, path } of planLeaves(plan.filters)) {
    const field = fieldsAt.get(`${path}.field`);
    if (field) checkFilter(leaf, field, path, issues);
  }
  for (const { filter, path } of relatedFilters(plan)) checkRelatedFilter(filter, model, path, issues);
  for (const { filter, path } of vsAggregateFilters(plan)) checkVsAggregateFilter(filter, model, fieldsAt.get(`${path}.field`), path, issues);
  if (plan.timeRange) checkTimeRange(plan.timeRange, fieldsAt.get('timeRange.field'), 'timeRange', issues);
  switch (plan.kind) {
    case 'aggregate':
      checkAggregate(plan, model, fieldsAt, options.dialect, issues);
      break;
    case 'list':
      checkDuplicateFields(plan.fields.map((f) => `${f.entity}.${f.field}`), 'fields', issues);
      if (plan.distinct && plan.orderBy.some((o) => !plan.fields.some((f) => f.entity === o.field.entity && f.field === o.field.field))) {
        issues.push({ path: 'orderBy', message: 'a distinct list can only be ordered by fields it shows' });
      }
      // Ties are ranked over the list's own columns (compile-query's withTies), so what it ranks by is shown.
      if (!plan.distinct && plan.ties && plan.limit !== undefined && plan.orderBy.some((o) => !plan.fields.some((f) => f.entity === o.field.entity && f.field === o.field.field))) {
        issues.push({ path: 'orderBy', message: 'a list kept with its ties can only be ranked by fields it shows' });
      }
      break;
    default:
      return assertNever(plan, 'plan kind');
  }
  return issues;
}

function checkFieldRef(use: PlanFieldRef, model: SemanticModel, reachable: Map<string, unknown>, issues: ErrorIssue[]): ModelField | undefined {
  const { entity, field } = use.ref;
  const modelEntity = findEntity(model, entity);
  if (!modelEntity) {
    issues.push({ path: `${use.path}.entity`, message: `unknown entity "${entity}"` });
    return undefined;
  }
  const modelField = ownEntry(modelEntity.fields, field);
  if (!modelField || (modelField.hidden && !hiddenKeyAsGrain(use, model))) {
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

/**
 * "Orders per customer" averages over orders.user_id, and "revenue per customer" divides by its distinct
 * count: a foreign key the model hides because its raw values mean nothing to people. Used as averageOver's
 * grain or counted, it is never shown and stands for the related entity, so a hidden key of a relation is
 * allowed there. Other hidden fields (personal data such as emails) stay refused everywhere.
 */
function hiddenKeyAsGrain(use: PlanFieldRef, model: SemanticModel): boolean {
  const { entity, field } = use.ref;
  if (use.use === 'key') return model.relations.some((relation) => (relation.toEntity === entity && relation.toField === field) || (relation.fromEntity === entity && relation.fromField === field));
  return (use.use === 'grain' || use.use === 'count') && model.relations.some((relation) => relation.fromEntity === entity && relation.fromField === field);
}
