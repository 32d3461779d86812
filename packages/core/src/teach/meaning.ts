/**
 * What a taught term means: an entity (`users`), a field (`products.category`), a measure
 * (`orders.revenue`), or one value of a field (`{ field: "products.category", value: "Laptop" }`),
 * checked against the model so an entry can never point at nothing.
 */
import { z } from 'zod';
import { findEntity, findField } from '../semantic/model-lookup';
import { ownEntry } from '../semantic/name-record';
import type { SemanticModel } from '../semantic/semantic-model';

export const meaningSchema = z.union([
  z.string().min(1).max(200),
  z.object({ field: z.string().min(1).max(200), value: z.string().min(1).max(200) }).strict(),
]);
export type Meaning = z.infer<typeof meaningSchema>;

export type ResolvedMeaning =
  | { kind: 'entity'; entity: string }
  | { kind: 'field'; entity: string; field: string }
  | { kind: 'measure'; entity: string; measure: string }
  | { kind: 'value'; entity: string; field: string; value: string };

export type MeaningResult = { ok: true; meaning: ResolvedMeaning } | { ok: false; problem: string };

const fail = (problem: string): MeaningResult => ({ ok: false, problem });

function resolveDotted(model: SemanticModel, name: string): MeaningResult {
  const parts = name.split('.');
  if (parts.length > 2 || parts.some((part) => part.length === 0)) return fail(`"${name}" is not an entity, "entity.field" or "entity.measure" name.`);
  const [entityName, member] = parts as [string, string | undefined];
  // Only what the model declares: "orders.constructor" or "__proto__" names nothing.
  const entity = findEntity(model, entityName);
  if (entity === undefined) return fail(`The model has no entity "${entityName}" (it has ${Object.keys(model.entities).join(', ')}).`);
  if (member === undefined) return { ok: true, meaning: { kind: 'entity', entity: entity.name } };
  // A measure and a field may share a name; the measure is what a word like "gmv" means as a figure.
  if (ownEntry(entity.measures, member) !== undefined) return { ok: true, meaning: { kind: 'measure', entity: entity.name, measure: member } };
  const field = ownEntry(entity.fields, member);
  if (field === undefined) return fail(`The entity "${entityName}" has no field or measure "${member}".`);
  if (field.hidden) return fail(`"${name}" is a hidden field: answers never show it, so no word may name it.`);
  return { ok: true, meaning: { kind: 'field', entity: entity.name, field: field.name } };
}

export function resolveMeaning(model: SemanticModel, means: Meaning): MeaningResult {
  if (typeof means === 'string') return resolveDotted(model, means.trim());
  const target = resolveDotted(model, means.field.trim());
  if (!target.ok) return target;
  if (target.meaning.kind !== 'field') return fail(`A value belongs to a field: "${means.field}" is ${describeMeaning(target.meaning)}.`);
  const field = findField(model, target.meaning)!;
  if (field.type !== 'string') return fail(`"${means.field}" holds ${field.type} values; only text values can be taught as words.`);
  return { ok: true, meaning: { kind: 'value', entity: target.meaning.entity, field: target.meaning.field, value: means.value } };
}

/** "the measure orders.revenue", for messages. */
export function describeMeaning(meaning: ResolvedMeaning): string {
  switch (meaning.kind) {
    case 'entity':
      return `the entity ${meaning.entity}`;
    case 'field':
      return `the field ${meaning.entity}.${meaning.field}`;
    case 'measure':
      return `the measure ${meaning.entity}.${meaning.measure}`;
    case 'value':
      return `the value "${meaning.value}" of ${meaning.entity}.${meaning.field}`;
  }
}

export function sameMeaning(a: ResolvedMeaning, b: ResolvedMeaning): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
