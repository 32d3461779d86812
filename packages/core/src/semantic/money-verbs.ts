/**
 * Business reading "money.verb": a money column answers to the verbs of the money it holds. "How much have our
 * customers paid us" sums `amount_payment`, "which customers owe us more than 9,000" compares
 * `amount_outstanding`, "who earns more than 15,000" compares `salary` (vocabulary/money-verbs.ts).
 *
 * Conservative on purpose:
 * - only a number column (never a key, never hidden) whose name says it is money (a money word, or introspection
 *   gave it the currency format) and one of a family's name words, never a limit (`min_salary`, `max_price`);
 * - a verb goes to one column of the whole model or to none: with `payments.amount_paid` and
 *   `refunds.amount_paid`, "paid" could be either, so neither takes it;
 * - never a verb that is already a name word of a table or a column (the schema's own words win).
 */
import { splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import { BOUND_WORDS, MONEY_AMOUNT_WORDS, MONEY_VERB_FAMILIES } from '../vocabulary/money-verbs';
import type { BusinessReading } from './business-reading';

type EntityInput = ModelFileInput['entities'][string];

export function addMoneyVerbs(entities: Record<string, EntityInput>): BusinessReading[] {
  const nameWords = new Set<string>();
  const proposed: Array<{ entityKey: string; key: string; verbs: string[]; what: string; named: string }> = [];
  for (const [entityKey, entity] of Object.entries(entities)) {
    for (const word of splitWords(entity.table ?? entityKey)) nameWords.add(word);
    for (const [key, field] of Object.entries(entity.fields)) {
      const column = field.column ?? key;
      const words = splitWords(column);
      for (const word of words) nameWords.add(word);
      if (field.hidden === true || (field.type !== 'number' && field.type !== 'integer') || field.role === 'identifier' || words.at(-1) === 'id') continue;
      if (field.format !== 'currency' && !words.some((word) => MONEY_AMOUNT_WORDS.has(word))) continue;
      // `min_salary` of jobs is a limit, not what anyone earns.
      if (words.some((word) => BOUND_WORDS.has(word))) continue;
      for (const family of MONEY_VERB_FAMILIES) {
        const named = words.find((word) => family.nameWords.has(word));
        if (named !== undefined) proposed.push({ entityKey, key, verbs: [...family.verbs], what: family.what, named });
      }
    }
  }
  const owners = new Map<string, number>();
  for (const { verbs } of proposed) for (const verb of new Set(verbs)) owners.set(verb, (owners.get(verb) ?? 0) + 1);
  const readings: BusinessReading[] = [];
  for (const { entityKey, key, verbs, what, named } of proposed) {
    const own = verbs.filter((verb) => owners.get(verb) === 1 && !nameWords.has(verb));
    if (own.length === 0) continue;
    const field = entities[entityKey]!.fields[key]!;
    field.synonyms = [...(field.synonyms ?? []), ...own.filter((verb) => !(field.synonyms ?? []).includes(verb))];
    readings.push({ rule: 'money.verb', entity: entityKey, field: key, words: own, evidence: `its name says "${named}": the money of ${what}`, confidence: 0.85 });
  }
  return readings;
}
