/**
 * Business reading "money.price-word": what a customer is charged goes by two words, "cost" and "charge" ("the
 * daily hire charge" is `daily_hire_cost`, "shipping costs" are `order_shipping_charges`), and a rate by the time
 * it is for ("the nightly rate" is `Rate`). A money column answers to its name with the other word, and a rate
 * to "nightly rate", "daily rate" and the like.
 *
 * Conservative on purpose:
 * - only a number column (never a key, never hidden, never a limit such as `max_cost`) named by one of the
 *   words (vocabulary/money-verbs.ts); a price is never a cost (the cost of a sale is the seller's);
 * - never a word that names a table or a column already: a schema with `cost` and `charge` keeps them apart;
 * - a one-word name (`cost`) gets no other word alone ("charge" would outbid the question's own rows' money);
 * - the time words only before "rate", and only where the name says no time (`daily_rate` stays daily);
 * - a phrase goes to one column of the whole model or to none.
 */
import { splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import { BOUND_WORDS, CHARGE_WORDS, RATE_UNIT_ADJECTIVES, RATE_WORD } from '../vocabulary/money-verbs';
import type { BusinessReading } from './business-reading';

type EntityInput = ModelFileInput['entities'][string];
const OTHER_WORD = new Map(CHARGE_WORDS);

function nameWordsOf(entities: Record<string, EntityInput>): Set<string> {
  const nameWords = new Set<string>();
  for (const [entityKey, entity] of Object.entries(entities)) {
    for (const word of splitWords(entity.table ?? entityKey)) nameWords.add(word);
    for (const [key, field] of Object.entries(entity.fields)) for (const word of splitWords(field.column ?? key)) nameWords.add(word);
  }
  return nameWords;
}

export function addPriceWords(entities: Record<string, EntityInput>): BusinessReading[] {
  const nameWords = nameWordsOf(entities);
  const proposed: Array<{ entityKey: string; key: string; word: string; phrases: string[] }> = [];
  for (const [entityKey, entity] of Object.entries(entities)) {
    for (const [key, field] of Object.entries(entity.fields)) {
      const words = splitWords(field.column ?? key);
      if (field.hidden === true || (field.type !== 'number' && field.type !== 'integer') || field.role === 'identifier' || words.at(-1) === 'id' || words.some((w) => BOUND_WORDS.has(w))) continue;
      const phrases: string[] = [];
      let named: string | undefined;
      for (const word of words) {
        const other = OTHER_WORD.get(word);
        if (other === undefined || nameWords.has(other) || words.length === 1) continue;
        named = word;
        phrases.push(words.map((w) => (w === word ? other : w)).join(' '));
      }
      if (words.at(-1) === RATE_WORD && !words.some((w) => RATE_UNIT_ADJECTIVES.has(w))) {
        named = RATE_WORD;
        const rest = words.slice(0, -1).join(' ');
        for (const unit of RATE_UNIT_ADJECTIVES) phrases.push(`${unit} ${RATE_WORD}`, ...(rest === '' ? [] : [`${unit} ${rest} ${RATE_WORD}`]));
      }
      if (named !== undefined && phrases.length > 0) proposed.push({ entityKey, key, word: named, phrases });
    }
  }
  const owners = new Map<string, number>();
  for (const { phrases } of proposed) for (const phrase of new Set(phrases)) owners.set(phrase, (owners.get(phrase) ?? 0) + 1);
  const readings: BusinessReading[] = [];
  for (const { entityKey, key, word, phrases } of proposed) {
    const own = [...new Set(phrases)].filter((phrase) => owners.get(phrase) === 1);
    if (own.length === 0) continue;
    const field = entities[entityKey]!.fields[key]!;
    field.synonyms = [...(field.synonyms ?? []), ...own.filter((phrase) => !(field.synonyms ?? []).includes(phrase))];
    const evidence = word === RATE_WORD ? 'its name says "rate": money charged per night, day or hour, which a question names by that time' : `its name says "${word}": what a customer is charged, also called its ${OTHER_WORD.get(word)}`;
    readings.push({ rule: 'money.price-word', entity: entityKey, field: key, words: own, evidence, confidence: 0.75 });
  }
  return readings;
}
