/**
 * Business reading "roles.people-table": on a schema whose only table of people is its workforce (an
 * employees or staff table, and no customers, clients, students ... beside it), "people", "person" and
 * "workforce" mean that table: "how many people work for us" counts the employees, "people in each job
 * title" groups them. The words go on the entity as synonyms, so the scaffolded model file shows them.
 *
 * Conservative on purpose: with a second table of people (employees and customers, or any table of first
 * and last names) "people" could be either, so it names neither and the question is declined; a table whose own names already use the words
 * (a table called people) keeps them.
 */
import { humanize, singularize } from './humanize';
import type { ModelFileInput } from './model-schema';
import type { BusinessReading } from './business-reading';
import { PEOPLE_TABLE_NOUNS, PEOPLE_WORDS, WORKFORCE_TABLE_NOUNS } from '../vocabulary/people-words';

type EntityInput = ModelFileInput['entities'][string];

const nounOf = (key: string, entity: EntityInput): string => singularize((entity.label ?? humanize(key)).toLowerCase());

export function addPeopleWords(entities: Record<string, EntityInput>): BusinessReading[] {
  // People by their table's noun, or by a first and a last name (model-from-schema joins them as one name).
  const people = Object.entries(entities).filter(([key, entity]) => PEOPLE_TABLE_NOUNS.has(nounOf(key, entity)) || Object.values(entity.fields).some((field) => (field.joinColumns?.length ?? 0) > 1));
  if (people.length !== 1) return [];
  const [key, entity] = people[0]!;
  const noun = nounOf(key, entity);
  if (!WORKFORCE_TABLE_NOUNS.has(noun)) return [];
  const own = new Set([noun, humanize(key), ...(entity.synonyms ?? [])]);
  const words = PEOPLE_WORDS.filter((word) => !own.has(word));
  if (words.length === 0) return [];
  entity.synonyms = [...(entity.synonyms ?? []), ...words];
  const primaryKey = entity.primaryKey ?? Object.keys(entity.fields)[0] ?? key;
  return [{ rule: 'roles.people-table', entity: key, field: primaryKey, target: key, words, evidence: `"${humanize(key)}" is the only table of people, and its rows are the workforce`, confidence: 0.85 }];
}
