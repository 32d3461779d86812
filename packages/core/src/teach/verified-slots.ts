/**
 * A verified question as a pattern. Each literal value its plan filters on (a name, a category, a year, a
 * number) that its words also say becomes a slot, typed by the field it filters: "revenue for Laptop" is
 * "revenue for <products.category>". Another question with other words in the slot gets the same plan
 * with its own values (verified-match.ts checks text values against the caller's own value index first).
 * Only a plain filter's value (top level, or inside a `related` filter's conditions) can be a slot; a
 * value that the words do not say stays as verified.
 */
import type { FieldRef, Filter, PlainFilter, QueryPlan, Scalar } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';

/** Where a value sits in a plan: filters[filter] (or its related where[inner]), and which value of it. */
export interface ValueSite {
  filter: number;
  inner?: number;
  key: 'value' | 'values' | 'low' | 'high';
  index?: number;
}

export interface Slot {
  field: FieldRef;
  kind: 'text' | 'number';
  /** Integer fields take whole numbers only. */
  integer: boolean;
  site: ValueSite;
  /** The verified question's value. */
  example: Scalar;
  /** Its words in the verified question (phrasingKey tokens). */
  words: string[];
}

export type PatternPart = { word: string } | { slot: number };

export interface VerifiedPattern {
  parts: PatternPart[];
  slots: Slot[];
}

/** The question's words as matched: NFKC, lower case, letters and digits (as phrasingKey). */
export function questionWords(question: string): string[] {
  return question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => w.length > 0);
}

function plainSites(filter: PlainFilter, site: Omit<ValueSite, 'key'>): Array<{ site: ValueSite; value: Scalar; field: FieldRef }> {
  switch (filter.op) {
    case 'in':
    case 'not_in':
      return filter.values.map((value, index) => ({ site: { ...site, key: 'values', index }, value, field: filter.field }));
    case 'between':
      return [
        { site: { ...site, key: 'low' }, value: filter.low, field: filter.field },
        { site: { ...site, key: 'high' }, value: filter.high, field: filter.field },
      ];
    case 'is_null':
    case 'is_not_null':
      return [];
    default:
      return [{ site: { ...site, key: 'value' }, value: filter.value, field: filter.field }];
  }
}

/**
 * Every literal value of the plan's filters, with its site. The values inside `any` / `not` get no slot:
 * their words stay literal in the pattern, so only the same question (values and all) reuses the plan.
 */
export function valueSites(plan: QueryPlan): Array<{ site: ValueSite; value: Scalar; field: FieldRef }> {
  return plan.filters.flatMap((filter: Filter, i) => (filter.op === 'any' || filter.op === 'not' ? [] : filter.op === 'related' || filter.op === 'vs_aggregate' ? filter.where.flatMap((inner, j) => plainSites(inner, { filter: i, inner: j })) : plainSites(filter, { filter: i })));
}

function findRun(words: readonly string[], run: readonly string[], taken: ReadonlySet<number>): number {
  for (let at = 0; at + run.length <= words.length; at++) {
    if (run.every((w, k) => words[at + k] === w && !taken.has(at + k))) return at;
  }
  return -1;
}

export function patternOf(question: string, plan: QueryPlan, model: SemanticModel): VerifiedPattern {
  const words = questionWords(question);
  const taken = new Set<number>();
  const found: Array<{ at: number; length: number; slot: Slot }> = [];
  for (const { site, value, field } of valueSites(plan)) {
    const modelField = model.entities[field.entity]?.fields[field.field];
    if (modelField === undefined || typeof value === 'boolean') continue;
    const numeric = modelField.type === 'integer' || modelField.type === 'number';
    if (typeof value === 'number' ? !numeric || !Number.isInteger(value) : modelField.type !== 'string') continue;
    const run = typeof value === 'number' ? [String(value)] : questionWords(value);
    if (run.length === 0) continue;
    const at = findRun(words, run, taken);
    if (at < 0) continue;
    for (let k = 0; k < run.length; k++) taken.add(at + k);
    const slot: Slot = { field, kind: typeof value === 'number' ? 'number' : 'text', integer: modelField.type === 'integer', site, example: value, words: run };
    found.push({ at, length: run.length, slot });
  }
  found.sort((a, b) => a.at - b.at);
  const parts: PatternPart[] = [];
  let next = 0;
  found.forEach(({ at, length }, index) => {
    for (; next < at; next++) parts.push({ word: words[next]! });
    parts.push({ slot: index });
    next = at + length;
  });
  for (; next < words.length; next++) parts.push({ word: words[next]! });
  return { parts, slots: found.map((f) => f.slot) };
}

/** The plan with each slot's value replaced (`values` in slot order). */
export function fillSlots(plan: QueryPlan, slots: readonly Slot[], values: readonly Scalar[]): QueryPlan {
  const copy = structuredClone(plan);
  slots.forEach((slot, i) => {
    const value = values[i];
    if (value === undefined) return;
    const outer = copy.filters[slot.site.filter];
    const filter = ((outer?.op === 'related' || outer?.op === 'vs_aggregate') && slot.site.inner !== undefined ? outer.where[slot.site.inner] : outer) as Record<string, unknown> | undefined;
    if (filter === undefined) return;
    if (slot.site.key === 'values') (filter.values as Scalar[])[slot.site.index ?? 0] = value;
    else filter[slot.site.key] = value;
  });
  return copy;
}
