/**
 * Rankings and recency: "top 5 customers", "bottom 3 categories", "best-selling products",
 * "most reviewed products", "which product sold the most", "highest rated products",
 * "the latest 10 orders".
 */
import type { FieldRef } from '../plan/query-plan';
import { countOf } from './detect-measure';
import { countMeasureOf, isDateField, isNumericField } from './lex/lexicon';
import { type MeasureIntent, type Reading, consume, entityEntries, fieldEntries, keywordKind, measureEntries, nextMeaningful, previousMeaningful } from './reading';
import type { Chunk } from './lex/segment';
import { phraseKey } from './lex/stem';
import { nounsOfVerbForm } from '../lexical/verb-nouns';

/** A verb that names an entity's event ("sold", "reviewed", "ordered") ranks by that entity's measure. */
export function verbMeasure(reading: Reading, chunk: Chunk): MeasureIntent | undefined {
  if (chunk.kind !== 'lex') return undefined;
  const dates = fieldEntries(chunk.entries).filter((ref) => isDateField(reading.lexicon.field(ref)));
  const ref = dates[0];
  if (ref === undefined || dates.some((d) => d.entity !== ref.entity)) return undefined;
  const entity = reading.lexicon.entity(ref.entity);
  const verb = phraseKey(chunk.text);
  const named = Object.values(entity.measures).find((m) =>
    [m.label, ...m.synonyms].some((name) => phraseKey(name).split(' ').includes(verb) && m.aggregation === 'sum'),
  );
  if (named !== undefined) return { kind: 'model', entity: entity.name, measure: named.name };
  const count = countMeasureOf(entity);
  return count !== undefined ? { kind: 'model', entity: entity.name, measure: count.name } : { kind: 'count', entity: entity.name };
}

function subjectOf(reading: Reading, chunk: Chunk): boolean {
  if (chunk.kind !== 'lex') return false;
  const fields = fieldEntries(chunk.entries).filter((ref) => {
    const field = reading.lexicon.field(ref);
    return !isNumericField(field) && !isDateField(field);
  });
  const entities = entityEntries(chunk.entries);
  if (entities.length > 0) reading.subjects.push({ kind: 'entity', entity: entities[0]!, plural: chunk.plural });
  else if (fields.length > 0) reading.subjects.push({ kind: 'field', fields, plural: chunk.plural, text: chunk.text });
  else return false;
  if (!chunk.plural) reading.singular = true;
  return true;
}

/** "which city has the most customers": something is already named before the ranking word. */
function namedBefore(reading: Reading, index: number): boolean {
  return reading.chunks.slice(0, index).some((c) => c.kind === 'lex' || keywordKind(c, 'grain') !== undefined);
}

/** Fields whose name holds the verb's own word or a noun made from it ("released" -> release year). */
function datedByVerb(reading: Reading, word: string): FieldRef[] {
  if (!/ed$/.test(word)) return [];
  const words = new Set(nounsOfVerbForm(word).map(phraseKey));
  return Object.values(reading.lexicon.model.entities).flatMap((entity) =>
    Object.values(entity.fields).filter((field) => field.label.toLowerCase().split(' ').some((w) => words.has(phraseKey(w)))).map((field) => ({ entity: entity.name, field: field.name })),
  );
}

/**
 * "Which club was founded first?", "the station that opened last": a "first" or "last" that ends the
 * question, right after a date or a year named as a verb, orders the rows by it and keeps the first one
 * (with ties); several ("which clubs were founded first") keep a top list.
 */
function firstByDate(reading: Reading, index: number, direction: 'asc' | 'desc'): boolean {
  let k = index - 1;
  while (k >= 0 && /^(was|were|is|are|has|have|had|been|be)$/.test(reading.chunks[k]!.text)) k--;
  const chunk = reading.chunks[k];
  if (chunk === undefined || (chunk.kind !== 'lex' && chunk.kind !== 'unknown')) return false;
  const isDated = (ref: FieldRef): boolean => {
    const field = reading.lexicon.field(ref);
    return !field.hidden && (isDateField(field) || (field.type === 'integer' && field.format === 'text'));
  };
  // "was released first" with a release_year column: the verb names the date by its own word.
  const dated = chunk.kind === 'lex' ? fieldEntries(chunk.entries).filter(isDated) : datedByVerb(reading, chunk.text).filter(isDated);
  if (dated.length === 0) return false;
  reading.ranking = { direction, fields: dated, direct: true };
  const named = reading.chunks.slice(0, k).filter((c) => c.kind === 'lex' && entityEntries(c.entries).length > 0);
  // A verb alone ("was released first") says whose date only with the rows named before it.
  if (chunk.kind === 'unknown' && named.length === 0) return false;
  const owners = new Set(dated.map((ref) => ref.entity));
  // "Which station opened first?": the date's name ("station opened") also names whose rows are ranked.
  if (chunk.kind === 'lex' && named.length === 0 && owners.size === 1) reading.subjects.push({ kind: 'entity', entity: dated[0]!.entity, plural: chunk.plural });
  const plural = named.some((c) => c.kind === 'lex' && c.plural);
  if (!plural) reading.singular = true;
  consume(reading, [k, index]);
  return true;
}

export function detectRanking(reading: Reading): void {
  const { chunks } = reading;
  for (let i = 0; i < chunks.length; i++) {
    if (reading.used[i]) continue;
    const rank = keywordKind(chunks[i], 'rank');
    const recent = keywordKind(chunks[i], 'recent');
    if (rank === undefined && recent === undefined) continue;
    const used = [i];
    let limit: number | undefined;
    let next = nextMeaningful(reading, i);
    const numberChunk = chunks[next];
    if (numberChunk !== undefined && numberChunk.kind === 'number' && Number.isInteger(numberChunk.value) && numberChunk.value >= 1) {
      limit = Math.min(numberChunk.value, 1000);
      used.push(next);
      next = nextMeaningful(reading, next);
    }
    const target = chunks[next];
    if (recent !== undefined) {
      if (target === undefined && limit === undefined && firstByDate(reading, i, recent.direction)) continue;
      // "latest 10 orders": only meaningful before an entity.
      if (target === undefined || target.kind !== 'lex' || entityEntries(target.entries).length === 0) continue;
      subjectOf(reading, target);
      // "the 10 most recent orders": the number comes first ("most" is part of "most recent").
      const before = chunks[i - 1];
      if (limit === undefined && before?.kind === 'number' && !reading.used[i - 1] && Number.isInteger(before.value) && before.value >= 1) {
        limit = Math.min(before.value, 1000);
        used.push(i - 1);
      }
      reading.recency = limit === undefined ? { direction: recent.direction } : { direction: recent.direction, limit };
      consume(reading, [...used, next]);
      continue;
    }
    if (rank === undefined) continue;
    let fields: FieldRef[] | undefined = reading.ranking?.fields;
    let direct = reading.ranking?.direct === true;
    if (target !== undefined && target.kind === 'lex') {
      const verb = verbMeasure(reading, target);
      const measures = measureEntries(target.entries);
      const numeric = fieldEntries(target.entries).filter((ref) => isNumericField(reading.lexicon.field(ref)));
      if (verb !== undefined) reading.measures.push(verb);
      // "which country has the most plants": the rows of the entity after "most" are counted.
      else if (measures.length === 0 && rank.aggregation === undefined && rank.money !== true && entityEntries(target.entries).length > 0 && namedBefore(reading, i)) {
        reading.measures.push(countOf(reading, entityEntries(target.entries)[0]!));
      } else if (measures.length > 0 && (target.plural === false || entityEntries(target.entries).length === 0 || namedBefore(reading, i))) reading.measures.push({ kind: 'model', ...measures[0]! });
      else if (subjectOf(reading, target)) {
        /* subject recorded */
      } else if (numeric.length > 0) {
        fields = numeric;
        direct = true;
      } else next = -1;
      if (next >= 0) used.push(next);
    } else {
      // "which product sold the most": the verb comes before the ranking word.
      const before = previousMeaningful(reading, i);
      const verb = before >= 0 ? verbMeasure(reading, chunks[before]!) : undefined;
      if (verb !== undefined) {
        reading.measures.push(verb);
        used.push(before);
      }
    }
    // "5 cheapest laptops": the number comes first.
    const before = chunks[i - 1];
    if (limit === undefined && before !== undefined && before.kind === 'number' && !reading.used[i - 1] && Number.isInteger(before.value) && before.value >= 1) {
      limit = Math.min(before.value, 1000);
      used.push(i - 1);
    }
    // "top 3 most expensive products": the second ranking word refines the first.
    limit ??= reading.ranking?.limit;
    reading.ranking = { direction: rank.direction, ...(rank.count === true ? { count: true } : {}), ...(rank.money === true || reading.ranking?.money === true ? { money: true } : {}), ...(limit === undefined ? {} : { limit }), ...(rank.aggregation === undefined ? {} : { aggregation: rank.aggregation }), ...(fields === undefined ? {} : { fields }), ...(direct ? { direct: true } : {}) };
    consume(reading, used.sort((a, b) => a - b));
  }
  if (reading.ranking !== undefined && reading.ranking.limit === undefined) countBeforeSubject(reading);
}

/** "which 5 cities generate the most revenue", "lowest rated 3 products": N just before the ranked things. */
function countBeforeSubject(reading: Reading): void {
  const { chunks } = reading;
  for (let i = 0; i + 1 < chunks.length; i++) {
    const chunk = chunks[i]!;
    const next = chunks[i + 1]!;
    if (reading.used[i] || chunk.kind !== 'number' || !Number.isInteger(chunk.value) || chunk.value < 1 || next.kind !== 'lex' || !next.plural) continue;
    const names = entityEntries(next.entries).length > 0 || fieldEntries(next.entries).some((ref) => !isNumericField(reading.lexicon.field(ref)) && !isDateField(reading.lexicon.field(ref)));
    if (!names) continue;
    reading.ranking = { ...reading.ranking!, limit: Math.min(chunk.value, 1000) };
    consume(reading, [i]);
    return;
  }
}
