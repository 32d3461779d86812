/**
 * Shared readings of amounts for the comparison rules: "[$]N[$|unit]", the entity a number counts ("10
 * flights"), the numeric field named before a comparison, the field a bare number gives a value to ("aged
 * 32", "whose age is 32"), and "32 or 33".
 */
import type { FieldRef } from '../../plan/query-plan';
import { phraseKey } from '../lex/stem';
import { entityEntries, fieldEntries, keywordKind } from '../lex/chunk-queries';
import { BE_FINITE, COUNT_QUALIFIERS, RELATIVES, isIn } from '../../vocabulary/grammar-words';
import { isNumericField } from '../lex/lexicon';
import type { Chunk } from '../lex/segment';
import { previousMeaningful } from '../kernel/interpretation';
import { nounsOfVerbForm } from '../../lexical/verb-nouns';
import type { Draft } from '../kernel/draft';

export function numericFields(draft: Draft, chunk: Chunk | undefined): FieldRef[] {
  if (chunk === undefined || chunk.kind !== 'lex') return [];
  return fieldEntries(chunk.entries).filter((ref) => isNumericField(draft.state.lexicon.field(ref)));
}

export interface Amount {
  value: number;
  used: number[];
  money: boolean;
  fields: FieldRef[];
  counted?: string;
}

/** Reads "[$]N[$|unit]" at `index`: the number, the chunks used, and a unit field (or counted entity) if one follows. */
export function readAmount(draft: Draft, index: number): Amount | undefined {
  const { chunks } = draft.state;
  let i = index;
  const used: number[] = [];
  let money = false;
  if (keywordKind(chunks[i], 'money') !== undefined && !draft.used(i)) {
    money = true;
    used.push(i);
    i++;
  }
  const chunk = chunks[i];
  if (chunk === undefined || chunk.kind !== 'number' || draft.used(i)) return undefined;
  used.push(i);
  const after = chunks[i + 1];
  let fields: FieldRef[] = [];
  if (keywordKind(after, 'money') !== undefined && !draft.used(i + 1)) {
    money = true;
    used.push(i + 1);
  } else {
    fields = unitFields(draft, after);
    if (fields.length > 0) used.push(i + 1);
    else {
      // "at least 10 flights", "more than one pet": a count of related rows.
      const counted = countedEntity(draft, i + 1);
      if (counted !== undefined) {
        used.push(...counted.used);
        return { value: chunk.value, used, money, fields, counted: counted.entity };
      }
    }
  }
  return { value: chunk.value, used, money, fields };
}

/**
 * The numeric fields a word just after a number gives that number to ("5 stars", "20 years"). A plural that
 * is the last word of the fields' own table ("customer payments"), or that also names fields that are not
 * numbers (a payment date), is not a unit but the name of the rows: "more than 2 payments" counts payments,
 * it does not compare an amount of payment with 2.
 */
function unitFields(draft: Draft, chunk: Chunk | undefined): FieldRef[] {
  if (chunk === undefined || chunk.kind !== 'lex') return [];
  const named = fieldEntries(chunk.entries);
  if (named.some((ref) => !isNumericField(draft.state.lexicon.field(ref))) || entityOfHeadWord(draft, chunk) !== undefined) return [];
  return numericFields(draft, chunk);
}

/**
 * The entity whose rows a word names when the word only reached its fields: "payments" is the last word of
 * "customer payments" and of its fields "amount payment" and "datetime payment", and names those rows.
 */
function entityOfHeadWord(draft: Draft, chunk: Chunk & { kind: 'lex' }): string | undefined {
  const { lexicon } = draft.state;
  const owners = [...new Set(fieldEntries(chunk.entries).map((ref) => ref.entity))];
  if (owners.length !== 1 || entityEntries(chunk.entries).length > 0 || !/[^s]s$/.test(chunk.text)) return undefined;
  const entity = lexicon.entity(owners[0]!);
  const head = entity.label.split(' ').at(-1) ?? '';
  return phraseKey(head) === phraseKey(chunk.text) ? entity.name : undefined;
}

/** An entity named at `index` (after "single"/"different"), as the thing a number counts. */
export function countedEntity(draft: Draft, index: number): { entity: string; used: number[] } | undefined {
  const { chunks } = draft.state;
  let i = index;
  const used: number[] = [];
  while (chunks[i] !== undefined && COUNT_QUALIFIERS.has(chunks[i]!.text) && !draft.used(i)) used.push(i++);
  const chunk = chunks[i];
  if (chunk === undefined || chunk.kind !== 'lex' || draft.used(i)) return undefined;
  if (unitFields(draft, chunk).length > 0) return undefined;
  const entity = entityEntries(chunk.entries)[0] ?? entityOfHeadWord(draft, chunk);
  return entity === undefined ? undefined : { entity, used: [...used, i] };
}

/** A numeric field named just before a comparison ("price over 100", "with a rating of at least 4"). */
export function fieldBefore(draft: Draft, index: number): { fields: FieldRef[]; index: number } | undefined {
  const before = previousMeaningful(draft.state, index);
  const fields = numericFields(draft, draft.state.chunks[before]);
  return fields.length > 0 ? { fields, index: before } : undefined;
}

/** Linking words between a field and the value it is said to have: "whose age is 32", "aged either 32 or 33". */
const isLinking = (word: string): boolean => BE_FINITE.has(word) || word === 'either';

/**
 * The numeric field a bare number just after it gives a value to: "with age 20", "whose age is 20", or a
 * participle made from the field's name ("aged 32" -> age, "weighing 10" -> weight, through WordNet's
 * derived nouns). Only linking words may stand between, never an article: "the age of the 2 oldest dogs"
 * ranks two dogs, it does not ask for an age of 2.
 */
export function fieldNamedBefore(draft: Draft, index: number): { fields: FieldRef[]; used: number[] } | undefined {
  const { chunks } = draft.state;
  const used: number[] = [];
  let k = index - 1;
  while (k >= 0 && !draft.used(k) && isLinking(chunks[k]!.text)) used.push(k--);
  const chunk = chunks[k];
  if (k < 0 || draft.used(k) || chunk === undefined) return undefined;
  let fields = chunk.kind === 'unknown' ? participleFields(draft, chunk.text) : numericFields(draft, chunk);
  // "teachers who are aged 32" where owners have an age too: the entity named just before says whose.
  // "a cat that is age 3" next to students with an age: nothing says whose, so nothing is guessed.
  if (new Set(fields.map((f) => f.entity)).size > 1) {
    const owner = entityNamedBefore(draft, k);
    fields = owner === undefined ? [] : fields.filter((f) => f.entity === owner);
  }
  return fields.length > 0 ? { fields, used: [...used, k] } : undefined;
}

/** The entity named just before `index`, past relative words ("teachers who are", "students whose"). */
function entityNamedBefore(draft: Draft, index: number): string | undefined {
  const { chunks } = draft.state;
  let k = index - 1;
  while (k >= 0 && (isIn(RELATIVES, chunks[k]!.text) || BE_FINITE.has(chunks[k]!.text) || chunks[k]!.text === 'whose' || chunks[k]!.text === 'not')) k--;
  const chunk = chunks[k];
  const entities = chunk?.kind === 'lex' ? entityEntries(chunk.entries) : [];
  return entities.length === 1 ? entities[0] : undefined;
}

/** Numeric fields named by a participle's verb or the nouns derived from it ("aged" -> age, "weighing" -> weight). */
function participleFields(draft: Draft, word: string): FieldRef[] {
  if (!/(ed|ing)$/.test(word)) return [];
  for (const noun of nounsOfVerbForm(word)) {
    const entries = draft.state.lexicon.phrases.get(phraseKey(noun)) ?? [];
    const fields = fieldEntries(entries).filter((ref) => isNumericField(draft.state.lexicon.field(ref)));
    if (fields.length > 0) return fields;
  }
  return [];
}

/** "32 or 33": more whole numbers after the value, each joined by "or", as alternatives to it. */
export function orAlternatives(draft: Draft, index: number): { values: number[]; used: number[] } {
  const { chunks } = draft.state;
  const values: number[] = [];
  const used: number[] = [];
  for (let k = index + 1; chunks[k]?.text === 'or' && !draft.used(k + 1); k += 2) {
    const next = chunks[k + 1];
    if (next?.kind !== 'number' || !Number.isInteger(next.value)) break;
    values.push(next.value);
    used.push(k, k + 1);
  }
  return { values, used };
}
