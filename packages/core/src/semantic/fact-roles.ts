/**
 * Business reading "roles.fact-verb": the one member of the workforce a fact's row points at plays the
 * part the fact's noun implies (vocabulary FACT_ROLE_WORDS): the staff on a lesson is its instructor, the
 * employee on a delivery its driver. The relation is called by that role, so "how many lessons has each
 * instructor taught" counts lessons per staff member along `lessons.staff_id`.
 *
 * Conservative on purpose:
 * - only a key column named by the workforce table's own noun ("staff_id"): a column that names a role of
 *   its own ("driver_employee_id") keeps it (roles.column-role);
 * - only one such column on the fact (two employees on an order: which one is the rep?);
 * - only to a workforce table (employees, staff), never to customers or other people;
 * - never a role word a table or relation is already named by.
 * verify/role-rows.ts declines the role read as the whole workforce ("how many instructors": not every
 * member of staff teaches).
 */
import { humanize, singularize, splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import type { BusinessReading } from './business-reading';
import { FACT_ROLE_WORDS, WORKFORCE_TABLE_NOUNS } from '../vocabulary/people-words';

type EntityInput = ModelFileInput['entities'][string];
type RelationInput = NonNullable<ModelFileInput['relations']>[number];

const ROLE_BY_FACT = new Map(FACT_ROLE_WORDS);
const entityOf = (ref: string): string => ref.slice(0, ref.indexOf('.'));
const fieldOf = (ref: string): string => ref.slice(ref.indexOf('.') + 1);
const nounOf = (key: string, entity: EntityInput): string => singularize((entity.label ?? humanize(key)).toLowerCase());

export function nameFactRoles(entities: Record<string, EntityInput>, relations: RelationInput[]): BusinessReading[] {
  const taken = new Set([...Object.entries(entities).map(([key, entity]) => nounOf(key, entity)), ...relations.map((r) => r.name ?? '')]);
  const readings: BusinessReading[] = [];
  for (const [factKey, fact] of Object.entries(entities)) {
    const factNoun = nounOf(factKey, fact);
    const role = ROLE_BY_FACT.get(factNoun.split(' ').at(-1) ?? '');
    if (role === undefined || taken.has(role)) continue;
    const toWorkforce = relations.filter((r) => {
      const target = entityOf(r.to);
      return entityOf(r.from) === factKey && target !== factKey && entities[target] !== undefined && WORKFORCE_TABLE_NOUNS.has(nounOf(target, entities[target]!));
    });
    if (toWorkforce.length !== 1) continue;
    const relation = toWorkforce[0]!;
    const targetNoun = nounOf(entityOf(relation.to), entities[entityOf(relation.to)]!);
    // Named by the workforce's own noun only ("staff", "employee"): no role of its own in the column.
    if (relation.name === undefined || splitWords(relation.name).map((w) => singularize(w)).join(' ') !== targetNoun) continue;
    relation.name = role;
    taken.add(role);
    readings.push({ rule: 'roles.fact-verb', entity: factKey, field: fieldOf(relation.from), target: entityOf(relation.to), words: [role], evidence: `the ${targetNoun} a ${factNoun} points at is its ${role}`, confidence: 0.8 });
  }
  return readings;
}
