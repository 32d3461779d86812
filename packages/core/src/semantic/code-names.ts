/**
 * Business reading "names.code-suffix": a category kept as a code is named without the word "code".
 * People ask for "policies of each type" and "orders in each status" where the schema says
 * `policy_type_code` and `order_status_code`: "code" says how the category is stored, not what it is.
 * The name without it (and without the table's own noun in front) goes on the field as a synonym.
 *
 * Conservative on purpose:
 * - only text columns whose name ends in a code word and has something before it;
 * - never a name another column of the table already answers to (a table with `status` and
 *   `status_code` keeps "status" for `status`), nor one a table answers to (`airport_code` is not "airport");
 * - never a name two code columns of one table would both take.
 */
import { singularize, splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import { CODE_NAME_WORDS } from '../vocabulary/code-words';
import type { BusinessReading } from './business-reading';

type EntityInput = ModelFileInput['entities'][string];
const among = (list: readonly string[], word: string): boolean => list.includes(word);

export function addCodeNames(entities: Record<string, EntityInput>): BusinessReading[] {
  const readings: BusinessReading[] = [];
  // A name a table answers to stays the table's: `airport_code` on flights is not "airport".
  const entityNames = new Set<string>();
  for (const [key, entity] of Object.entries(entities)) {
    for (const name of [key, entity.table ?? key, entity.label, entity.plural, ...(entity.synonyms ?? [])]) {
      if (name === undefined) continue;
      const words = splitWords(name);
      entityNames.add(words.join(' '));
      entityNames.add(words.map((word) => singularize(word)).join(' '));
      entityNames.add(singularize(words.at(-1) ?? ''));
    }
  }
  for (const [entityKey, entity] of Object.entries(entities)) {
    const taken = new Set<string>();
    for (const [key, field] of Object.entries(entity.fields)) {
      taken.add(splitWords(field.column ?? key).join(' '));
      if (field.label !== undefined) taken.add(field.label.toLowerCase());
      for (const synonym of field.synonyms ?? []) taken.add(synonym.toLowerCase());
    }
    const tableWords = new Set(splitWords(entity.table ?? entityKey).map((word) => singularize(word)));
    const proposed = new Map<string, string[]>();
    for (const [key, field] of Object.entries(entity.fields)) {
      if (field.hidden === true || field.type !== 'string') continue;
      const words = splitWords(field.column ?? key);
      if (words.length < 2 || !among(CODE_NAME_WORDS, words.at(-1)!)) continue;
      const base = words.slice(0, -1);
      // The name in full ("policy type") and, where introspection named the field without the table's noun
      // ("type code" on policies), that shorter name too ("type").
      const names = [base.join(' ')];
      // "order status" on customer orders is their "status": the words the table is named by go.
      let own = 0;
      while (own < base.length - 1 && tableWords.has(singularize(base[own]!))) own++;
      if (own > 0) names.push(base.slice(own).join(' '));
      for (const synonym of field.synonyms ?? []) {
        const parts = synonym.toLowerCase().split(' ');
        if (parts.length >= 2 && among(CODE_NAME_WORDS, parts.at(-1)!)) names.push(parts.slice(0, -1).join(' '));
      }
      proposed.set(key, [...new Set(names)].filter((name) => name !== 'id' && !taken.has(name) && !entityNames.has(name) && !entityNames.has(name.split(' ').map((word) => singularize(word)).join(' '))));
    }
    const owners = new Map<string, number>();
    for (const names of proposed.values()) for (const name of names) owners.set(name, (owners.get(name) ?? 0) + 1);
    for (const [key, names] of proposed) {
      const own = names.filter((name) => owners.get(name) === 1);
      if (own.length === 0) continue;
      const field = entity.fields[key]!;
      field.synonyms = [...(field.synonyms ?? []), ...own];
      readings.push({ rule: 'names.code-suffix', entity: entityKey, field: key, words: own, evidence: `its name ends in "${splitWords(field.column ?? key).at(-1)!}", which says how the category is stored`, confidence: 0.85 });
    }
  }
  return readings;
}
