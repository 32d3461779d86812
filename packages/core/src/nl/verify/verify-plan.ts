/**
 * The last check before a plan is answered: every field the question named in a role (a ranking, a sort
 * order, a condition, a breakdown, a column to show) must be used by the plan. A plan that silently drops
 * a part answers another question ("the number of concerts in the stadium with the highest capacity"
 * answered as a ranking of stadiums by concerts); the planner declines instead and names the part.
 */
import { planFieldRefs, referencedEntities, relatedEntities, relatedFieldRefs, relatedFilters } from '../../plan/plan-references';
import type { FieldRef, QueryPlan } from '../../plan/query-plan';
import { intentFields } from '../kernel/interpretation';
import type { Reading } from '../assemble/reading';
import { describeField } from '../assemble/resolve-fields';
import { isDateField } from '../lex/lexicon';

const key = (ref: FieldRef): string => `${ref.entity}.${ref.field}`;

function usedFields(plan: QueryPlan): Set<string> {
  const used = new Set(planFieldRefs(plan).map((use) => key(use.ref)));
  for (const { filter, path } of relatedFilters(plan)) {
    for (const use of relatedFieldRefs(filter, path)) used.add(key(use.ref));
  }
  if (plan.kind === 'aggregate') {
    for (const measure of plan.measures) {
      if (measure.kind === 'model') {
        const expression = JSON.stringify(measure);
        used.add(expression);
      }
    }
  }
  return used;
}

/** Every entity a plan reads: its base, the entities of its fields and measures, and its related rows. */
export function planEntities(plan: QueryPlan): Set<string> {
  const entities = new Set(referencedEntities(plan));
  for (const { filter } of relatedFilters(plan)) for (const entity of relatedEntities(filter)) entities.add(entity);
  return entities;
}

/** The parts of the reading (as phrases) the plan does not use; empty when it accounts for all of them. */
export function droppedParts(reading: Reading, plan: QueryPlan): string[] {
  const used = usedFields(plan);
  const dropped: string[] = [];
  const usedEntities = new Set([...used].map((k) => k.split('.')[0]));
  const check = (candidates: readonly FieldRef[] | undefined, what: string, sameEntity = false): void => {
    if (candidates === undefined || candidates.length === 0) return;
    if (candidates.some((ref) => used.has(key(ref)) || (sameEntity && usedEntities.has(ref.entity)))) return;
    dropped.push(what === '' ? describeField(reading.lexicon, candidates[0]!) : what);
  };
  check(reading.ranking?.fields, '');
  // "oldest first" may order by the rows' date instead of an age the words also measure (build-list.ts).
  if (reading.sort?.byDate === undefined) check(reading.sort?.fields, '');
  for (const filter of reading.filters) check(intentFields(filter), filter.kind === 'compare' ? filter.text : '');
  // "per customer" may group by the customer's name or key, or average over the key: any use of the entity.
  for (const group of reading.groups) if (group.kind !== 'entity') check(group.fields, group.kind === 'field' ? group.text : '', true);
  for (const subject of reading.subjects) if (subject.kind === 'field') check(subject.fields, subject.text);
  // "the names of the teachers and the courses they teach": every entity asked about must be in the plan.
  const entities = planEntities(plan);
  for (const subject of reading.subjects) {
    if (subject.kind === 'entity' && !entities.has(subject.entity)) dropped.push(reading.lexicon.entity(subject.entity).plural);
  }
  // Date fields named as verbs ("reviewed", "ordered") stand for their entity's events, not a column.
  for (const { fields } of reading.fieldMentions) if (!fields.every((ref) => isDateField(reading.lexicon.field(ref)))) check(fields, '');
  return dropped;
}
