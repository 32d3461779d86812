/**
 * Business reading "roles.column-role": a key column that points at a table of people and says, before
 * the person's noun, the part that person plays in the row ("driver_employee_id" on deliveries,
 * "manager_staff_id" on stores, "contact_staff_id" on visits) names that person by the role: the
 * relation is called "driver", so "which driver made the most deliveries" joins deliveries to employees
 * along that column, and "the driver's name" is the employee's.
 *
 * Conservative on purpose:
 * - only a relation to a table of people (vocabulary/people-words.ts), whose noun ends the column's name;
 * - only a noun before it, never a verb's trace ("recorded_by_staff_id", "assigned_to_staff_id");
 * - never a word another table or relation is already named by ("manager" next to a managers table);
 * - never two relations of one table given the same role.
 * The schema's evidence is the column's name: a role no column names is never invented ("salesperson" on
 * a schema whose orders point at no employee stays unknown).
 */
import { humanize, singularize, splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import type { BusinessReading } from './business-reading';
import { NOT_ROLE_WORDS, ROLE_TARGET_NOUNS } from '../vocabulary/people-words';

type EntityInput = ModelFileInput['entities'][string];
type RelationInput = NonNullable<ModelFileInput['relations']>[number];

const entityOf = (ref: string): string => ref.slice(0, ref.indexOf('.'));
const fieldOf = (ref: string): string => ref.slice(ref.indexOf('.') + 1);

/** The singular noun a table of people is called by, when it is one ("employees" -> employee). */
function peopleNoun(key: string, entity: EntityInput): string | undefined {
  const noun = singularize(entity.label ?? humanize(key));
  return ROLE_TARGET_NOUNS.has(noun) ? noun : undefined;
}

export function nameRoleRelations(entities: Record<string, EntityInput>, relations: RelationInput[]): BusinessReading[] {
  const taken = new Set(Object.entries(entities).flatMap(([key, entity]) => [singularize(humanize(key)), ...(entity.label === undefined ? [] : [singularize(entity.label)])]));
  for (const relation of relations) taken.add(relation.name ?? '');
  const proposals: Array<{ relation: RelationInput; role: string; noun: string }> = [];
  for (const relation of relations) {
    const target = entityOf(relation.to);
    const entity = entities[target];
    const noun = entity === undefined ? undefined : peopleNoun(target, entity);
    if (noun === undefined || entityOf(relation.from) === target || relation.name === undefined) continue;
    const words = splitWords(relation.name);
    const nounWords = noun.split(' ');
    const roleWords = words.slice(0, words.length - nounWords.length);
    const endsWithNoun = words.length > nounWords.length && nounWords.every((word, i) => singularize(words[roleWords.length + i]!) === word);
    if (!endsWithNoun || roleWords.some((word) => NOT_ROLE_WORDS.has(word) || /ed$/.test(word) || /^\d/.test(word))) continue;
    const role = roleWords.join(' ');
    if (taken.has(role) || taken.has(singularize(role))) continue;
    proposals.push({ relation, role, noun });
  }
  const readings: BusinessReading[] = [];
  for (const { relation, role, noun } of proposals) {
    const from = entityOf(relation.from);
    if (proposals.some((other) => other.relation !== relation && other.role === role && entityOf(other.relation.from) === from)) continue;
    const column = relation.name!;
    relation.name = role;
    readings.push({ rule: 'roles.column-role', entity: from, field: fieldOf(relation.from), target: entityOf(relation.to), words: [role], evidence: `the column "${column}" names the ${noun} by the part played in ${from}`, confidence: 0.85 });
  }
  return readings;
}
