/**
 * Questions this engine can answer on this model, generated from the model's own labels (never from
 * demo words): a count over a period, a measure broken down by a category, a top-5 ranking, a monthly
 * series. The planner keeps only those it actually plans, so a suggestion is never a dead end.
 */
import type { ModelEntity, SemanticModel } from '../semantic/semantic-model';
import { countMeasureOf, defaultDateOf, displayFieldOf, isNumericField, isTenantRoot, type Lexicon } from './lex/lexicon';
import { describeField } from './assemble/resolve-fields';
import { ownEntry } from '../semantic/name-record';

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export interface Suggestion {
  text: string;
  /** Entities and measures it is about, to prefer suggestions close to what was asked. */
  topics: string[];
}

/** What to measure on an entity: its default or first non-count measure, else a numeric field of a fact table. */
function measureWords(entity: ModelEntity, lexicon: Lexicon): { text: string; topics: string[] } | undefined {
  const name = entity.defaultMeasure ?? Object.values(entity.measures).find((m) => m.aggregation !== 'count')?.name;
  const measure = name === undefined ? undefined : ownEntry(entity.measures, name);
  if (measure !== undefined) return { text: measure.label, topics: [entity.name, `${entity.name}.${measure.name}`] };
  const isFact = lexicon.model.relations.some((r) => r.fromEntity === entity.name && !isTenantRoot(lexicon.entity(r.toEntity)));
  const numeric = Object.values(entity.fields).find((f) => !f.hidden && isNumericField(f) && f.role === 'measure');
  return isFact && numeric !== undefined ? { text: `total ${numeric.label}`, topics: [entity.name] } : undefined;
}

export function generateSuggestions(model: SemanticModel, lexicon: Lexicon): Suggestion[] {
  const entities = Object.values(model.entities)
    .filter((e) => !isTenantRoot(e))
    .sort((a, b) => Number(b.defaultMeasure !== undefined) - Number(a.defaultMeasure !== undefined));
  const counts: Suggestion[] = [];
  const breakdowns: Suggestion[] = [];
  const rankings: Suggestion[] = [];
  const series: Suggestion[] = [];
  for (const entity of entities) {
    if (defaultDateOf(entity) !== undefined && (countMeasureOf(entity) !== undefined || entity.defaultMeasure !== undefined || measureWords(entity, lexicon) !== undefined)) {
      counts.push({ text: `How many ${entity.plural} were there last month?`, topics: [entity.name] });
    }
    const what = measureWords(entity, lexicon);
    if (what === undefined) continue;
    const targets = [entity.name, ...lexicon.model.relations.filter((r) => r.fromEntity === entity.name).map((r) => r.toEntity)];
    const reachable = targets.flatMap((name) => entities.filter((e) => e.name === name));
    const category = reachable
      .flatMap((e) => Object.values(e.fields).filter((f) => !f.hidden && f.type === 'string' && f.role === 'dimension' && f.name !== displayFieldOf(e)))
      .at(0);
    if (category !== undefined) breakdowns.push({ text: `${capitalise(what.text)} by ${describeField(lexicon, { entity: category.entity, field: category.name })}`, topics: what.topics });
    const ranked = reachable.find((e) => e.name !== entity.name && displayFieldOf(e) !== undefined);
    if (ranked !== undefined) rankings.push({ text: `Top 5 ${ranked.plural} by ${what.text}`, topics: [...what.topics, ranked.name] });
    if (defaultDateOf(entity) !== undefined) series.push({ text: `${capitalise(what.text)} by month this year`, topics: what.topics });
  }
  // Interleave the kinds so any three picked in order show different shapes.
  const out: Suggestion[] = [];
  for (let i = 0; i < Math.max(counts.length, breakdowns.length, rankings.length, series.length); i++) {
    for (const list of [counts, breakdowns, rankings, series]) if (list[i] !== undefined) out.push(list[i]!);
  }
  return out;
}

/** Two or three suggestions, those about the question's topics first, each of a different shape. */
export function pickSuggestions(all: readonly Suggestion[], topics: readonly string[], count = 3): string[] {
  const scored = all.map((s, i) => ({ s, score: s.topics.filter((t) => topics.includes(t)).length * 100 - i }));
  scored.sort((a, b) => b.score - a.score);
  const picked: string[] = [];
  const shapes = new Set<string>();
  const shapeOf = (text: string): string => (text.startsWith('How many') ? 'count' : text.startsWith('Top') ? 'top' : text.endsWith('this year') ? 'series' : 'by');
  for (const { s } of scored) {
    if (picked.length === count) break;
    if (shapes.has(shapeOf(s.text))) continue;
    shapes.add(shapeOf(s.text));
    picked.push(s.text);
  }
  for (const { s } of scored) if (picked.length < count && !picked.includes(s.text)) picked.push(s.text);
  return picked;
}
