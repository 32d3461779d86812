/**
 * A vs_aggregate filter checked against the model: the aggregated field exists and its figure fits its
 * type (an average or a sum of numbers; the lowest or highest of numbers or dates), the row's field can be
 * compared with that figure, and every condition and `per` field of the subquery is reachable many-to-one,
 * in exactly one way, from the aggregated entity. (The outer side of `per` is checked with the plan's other
 * field references, from the plan's entity.)
 */
import type { ErrorIssue } from '../errors/core-error';
import type { ModelField, SemanticModel } from '../semantic/semantic-model';
import { isTemporal } from './field-rules';
import { ambiguousEntities, reachableEntities } from './join-path';
import { vsAggregateFieldRefs } from './plan-references';
import type { VsAggregateFilter } from './query-plan';
import { checkFilter } from './validate-filter';
import { findField } from '../semantic/model-lookup';

const isNumber = (field: ModelField): boolean => field.type === 'integer' || field.type === 'number';

export function checkVsAggregateFilter(filter: VsAggregateFilter, model: SemanticModel, outer: ModelField | undefined, path: string, issues: ErrorIssue[]): void {
  const reachable = reachableEntities(model, filter.of.entity);
  const ambiguous = ambiguousEntities(model, filter.of.entity);
  const fields = new Map<string, ModelField>();
  for (const use of vsAggregateFieldRefs(filter, path)) {
    const field = findField(model, use.ref);
    // A hidden field is refused like an unknown one; a hidden key may still group the figure (`per`).
    const hiddenKey = use.use === 'key' && model.relations.some((r) => (r.fromEntity === use.ref.entity && r.fromField === use.ref.field) || (r.toEntity === use.ref.entity && r.toField === use.ref.field));
    if (!field || (field.hidden && !hiddenKey)) {
      issues.push({ path: use.path, message: `unknown field "${use.ref.entity}.${use.ref.field}"` });
      continue;
    }
    if (!reachable.has(use.ref.entity) || ambiguous.has(use.ref.entity)) {
      issues.push({ path: `${use.path}.entity`, message: `entity "${use.ref.entity}" cannot be reached from "${filter.of.entity}" along many-to-one relations in exactly one way` });
      continue;
    }
    fields.set(use.path, field);
  }
  filter.where.forEach((inner, i) => {
    const field = fields.get(`${path}.where[${i}].field`);
    if (field) checkFilter(inner, field, `${path}.where[${i}]`, issues);
  });
  const of = fields.get(`${path}.of`);
  if (of === undefined) return;
  const numeric = filter.aggregation === 'avg' || filter.aggregation === 'sum';
  if (!isNumber(of) && (numeric || !isTemporal(of.type))) {
    issues.push({ path: `${path}.aggregation`, message: `"${filter.aggregation}" does not apply to ${of.type} field "${of.entity}.${of.name}"` });
    return;
  }
  if (outer !== undefined && isNumber(outer) !== isNumber(of)) {
    issues.push({ path: `${path}.field`, message: `${outer.type} field "${outer.entity}.${outer.name}" cannot be compared with the ${filter.aggregation} of ${of.type} field "${of.entity}.${of.name}"` });
  }
  const seen = new Set<string>();
  filter.per.forEach((per, i) => {
    const key = `${per.entity}.${per.field}`;
    if (seen.has(key)) issues.push({ path: `${path}.per[${i}]`, message: `"${key}" is named twice` });
    seen.add(key);
  });
}
