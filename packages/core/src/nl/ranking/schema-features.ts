/**
 * What the schema says of the columns a reading's plan reads, as ranking features: for each use of a field
 * (shown, grouped on, filtered, counted, summed...) its type, its role, and whether it is its table's key,
 * a foreign key, the column that names the table's rows, or an amount of money. Two readings that differ
 * only in which column "name" means differ here: a foreign key shown as an answer, or a label picked over
 * a code, is what the learned weights can tell apart. Read from the model alone (no data), so it is cheap.
 */
import { planFieldRefs, relatedFieldRefs, relatedFilters } from '../../plan/plan-references';
import type { FieldRef, QueryPlan } from '../../plan/query-plan';
import type { SemanticModel } from '../../semantic/semantic-model';

/** The facts of one field, as short stable names ("type-string", "key", "foreign-key", "label", "currency"). */
function fieldFacts(model: SemanticModel, ref: FieldRef): string[] {
  const entity = Object.hasOwn(model.entities, ref.entity) ? model.entities[ref.entity]! : undefined;
  const field = entity !== undefined && Object.hasOwn(entity.fields, ref.field) ? entity.fields[ref.field]! : undefined;
  if (entity === undefined || field === undefined) return [];
  const facts = [`type-${field.type}`, `role-${field.role}`];
  if (entity.primaryKey === ref.field) facts.push('key');
  if (model.relations.some((r) => r.fromEntity === ref.entity && r.fromField === ref.field)) facts.push('foreign-key');
  if (entity.displayField === ref.field) facts.push('label');
  if (field.format === 'currency') facts.push('currency');
  return facts;
}

/** `field:<use>:<fact>` for every field the plan reads (its related rows' conditions included), each once. */
export function schemaFeatures(plan: QueryPlan, model: SemanticModel): string[] {
  const uses = planFieldRefs(plan).map((use) => ({ ref: use.ref, use: use.use as string }));
  for (const { filter, path } of relatedFilters(plan)) uses.push(...relatedFieldRefs(filter, path).map((use) => ({ ref: use.ref, use: 'related-filter' })));
  const names = new Set<string>();
  for (const { ref, use } of uses) for (const fact of fieldFacts(model, ref)) names.add(`field:${use}:${fact}`);
  return [...names];
}
