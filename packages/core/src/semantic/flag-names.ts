/**
 * Business reading "states.flag-name": a column whose name ends in "yn" (yes/no) and holds whole numbers
 * (`returned_damaged_yn` holding '0' and '1', often as text) is a flag, read by its name without the
 * suffix: "bookings returned damaged", "payments not paid in full" (nl/rules/flags.ts keeps the rows where
 * it holds, or not). Without the name's word the profile cannot tell a 0/1 flag kept as text from a count,
 * so the suffix is the evidence; a column with other values than whole numbers ('Y'/'N') is left alone.
 */
import { splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import { FLAG_NAME_WORDS } from '../vocabulary/flag-words';
import type { BusinessReading } from './business-reading';

type EntityInput = ModelFileInput['entities'][string];

export function addFlagNames(entities: Record<string, EntityInput>): BusinessReading[] {
  const readings: BusinessReading[] = [];
  for (const [entityKey, entity] of Object.entries(entities)) {
    for (const [key, field] of Object.entries(entity.fields)) {
      if (field.hidden === true || field.type !== 'integer' || field.role === 'identifier' || field.flag === true) continue;
      const words = splitWords(field.column ?? key);
      if (words.length < 2 || !(FLAG_NAME_WORDS as readonly string[]).includes(words.at(-1)!)) continue;
      const name = words.slice(0, -1).join(' ');
      field.flag = true;
      field.role = 'attribute';
      field.label = name;
      field.synonyms = [...new Set([...(field.synonyms ?? []), name])];
      readings.push({ rule: 'states.flag-name', entity: entityKey, field: key, words: [name], evidence: `its name ends in "${words.at(-1)!}" (yes/no) and it holds whole numbers`, confidence: 0.8 });
    }
  }
  return readings;
}
