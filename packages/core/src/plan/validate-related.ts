/**
 * A related filter checked against the model: the related entity has the named many-to-one relation, the
 * relation points at the filter's field (the outer key), and every condition on the related rows names a
 * field reachable many-to-one from the related entity and fits that field.
 */
import type { ErrorIssue } from '../errors/core-error';
import type { ModelField, SemanticModel } from '../semantic/semantic-model';
import { ambiguousEntities, reachableEntities } from './join-path';
import { relatedFieldRefs } from './plan-references';
import type { RelatedFilter } from './query-plan';
import { checkFilter } from './validate-filter';
import { findEntity, findField } from '../semantic/model-lookup';

export function checkRelatedFilter(filter: RelatedFilter, model: SemanticModel, path: string, issues: ErrorIssue[]): void {
  const entity = findEntity(model, filter.entity);
  if (!entity) {
    issues.push({ path: `${path}.entity`, message: `unknown entity "${filter.entity}"` });
    return;
  }
  const relation = model.relations.find(
    (r) =>
      (r.fromEntity === filter.entity && r.fromField === filter.via && r.toEntity === filter.field.entity && r.toField === filter.field.field) ||
      (r.fromEntity === filter.field.entity && r.fromField === filter.field.field && r.toEntity === filter.entity && r.toField === filter.via),
  );
  if (!relation) {
    issues.push({ path: `${path}.via`, message: `fields "${filter.entity}.${filter.via}" and ${filter.field.entity}.${filter.field.field} are not linked by a relation` });
    return;
  }
  const reachable = reachableEntities(model, filter.entity);
  const ambiguous = ambiguousEntities(model, filter.entity);
  relatedFieldRefs(filter, path).forEach((use, i) => {
    const field: ModelField | undefined = findField(model, use.ref);
    if (!field || field.hidden) {
      issues.push({ path: `${use.path}`, message: `unknown field "${use.ref.entity}.${use.ref.field}"` });
      return;
    }
    if (!reachable.has(use.ref.entity) || ambiguous.has(use.ref.entity)) {
      issues.push({ path: `${use.path}.entity`, message: `entity "${use.ref.entity}" cannot be reached from "${filter.entity}" along many-to-one relations` });
      return;
    }
    const inner = filter.where[i];
    if (inner !== undefined) checkFilter(inner, field, `${path}.where[${i}]`, issues);
  });
}
