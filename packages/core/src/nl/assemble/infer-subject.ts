/**
 * "What is the abbreviation of airline JetBlue Airways?", "the age and hometown of every teacher", "names
 * and ids of all makers with more than 3 models": no list verb or subject picks the rows, but the fields
 * asked for do. The rows are those of the entity that owns the most of the named fields and reaches every
 * other field and condition of the question; when two entities fit equally well, nothing is inferred.
 */
import type { FieldRef } from '../../plan/query-plan';
import { intentFields } from '../kernel/interpretation';
import type { Reading } from './reading';
import { relatedRoute } from './related-route';

function reaches(reading: Reading, base: string, candidates: readonly FieldRef[]): boolean {
  return candidates.some((ref) => {
    const reach = reading.lexicon.reach(base, ref.entity);
    return reach !== undefined && !reach.ambiguous;
  });
}

export function inferListBase(reading: Reading, named: readonly string[] = []): string | undefined {
  const { lexicon } = reading;
  const mentions = reading.fieldMentions.map((m) => m.fields).filter((m) => m.length > 0);
  if (mentions.length === 0) return undefined;
  const conditions = reading.filters.map(intentFields).filter((fields) => fields.length > 0);
  const counted = reading.filters.flatMap((f) => (f.kind === 'count' || f.kind === 'exists' ? [f.entity] : []));
  const sortFields = reading.sort?.fields ?? [];
  let best: { entity: string; score: number } | undefined;
  let tie = false;
  for (const entity of Object.keys(lexicon.model.entities)) {
    if (named.length > 0 && !named.includes(entity)) continue;
    if (!mentions.every((m) => reaches(reading, entity, m))) continue;
    if (!conditions.every((c) => reaches(reading, entity, c) || relatedRoute(lexicon, entity, c[0]!.entity).kind === 'route')) continue;
    if (sortFields.length > 0 && !reaches(reading, entity, sortFields)) continue;
    if (!counted.every((target) => target !== entity && relatedRoute(lexicon, entity, target).kind === 'route')) continue;
    // Owning a named field counts; owning it as the entity's own key ("template type codes" -> template types) counts more.
    const owned = mentions.filter((m) => m.some((ref) => ref.entity === entity)).length;
    const keyed = mentions.filter((m) => m.some((ref) => ref.entity === entity && lexicon.entity(entity).primaryKey === ref.field)).length;
    const score = owned * 2 + keyed;
    if (best === undefined || score > best.score) [best, tie] = [{ entity, score }, false];
    else if (score === best.score) tie = true;
  }
  return tie || best === undefined || best.score === 0 ? undefined : best.entity;
}
