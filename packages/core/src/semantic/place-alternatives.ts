/**
 * Business reading "names.place-alternatives": a column whose name lists two or more levels of place
 * (`state_county_province`, `town_city`) holds whichever one an address has, so each of those words names
 * it: "customers in each state", "orders by city".
 *
 * Conservative on purpose: only text columns; never a word another column of the same table is named by
 * (with `city` beside `town_city`, "city" stays the city column).
 */
import { splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import type { BusinessReading } from './business-reading';
import { PLACE_LEVEL_WORDS } from '../vocabulary/place-words';

type EntityInput = ModelFileInput['entities'][string];

export function addPlaceAlternatives(entities: Record<string, EntityInput>): BusinessReading[] {
  const readings: BusinessReading[] = [];
  for (const [entityKey, entity] of Object.entries(entities)) {
    const named = Object.entries(entity.fields).map(([key, f]) => ({ key, field: f, words: splitWords(f.column ?? key) }));
    for (const { key, field, words } of named) {
      const places = words.filter((word) => PLACE_LEVEL_WORDS.has(word));
      if (field.type !== 'string' || field.hidden === true || places.length < 2) continue;
      // A word that is the whole name of another column stays that column's.
      const taken = new Set(named.filter((other) => other.key !== key).map((other) => other.words.join(' ')));
      const added = places.filter((word) => !taken.has(word) && !(field.synonyms ?? []).includes(word));
      if (added.length === 0) continue;
      field.synonyms = [...(field.synonyms ?? []), ...added];
      readings.push({ rule: 'names.place-alternatives', entity: entityKey, field: key, words: added, evidence: `its name lists ${places.length} levels of place ("${words.join(' ')}"): it holds whichever an address has`, confidence: 0.85 });
    }
  }
  return readings;
}
