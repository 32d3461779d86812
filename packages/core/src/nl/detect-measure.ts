/**
 * Measures and subjects: model measures by label/synonym ("revenue", "average order value"),
 * aggregation words with a target ("how many orders", "total sale price", "average rating",
 * "number of different cities"), then whatever model words are left: measures, subject entities
 * ("orders", "customers"), and plain field mentions (list columns, "which date" hints).
 */
import type { Aggregation } from '../semantic/model-schema';
import { countMeasureOf, isDateField, isNumericField } from './lex/lexicon';
import {
  type MeasureIntent,
  type Reading,
  consume,
  entityEntries,
  fieldEntries,
  hiddenEntries,
  keywordKind,
  measureEntries,
  nextMeaningful,
} from './reading';
import { verbMeasure } from './detect-ranking';
import type { Chunk } from './lex/segment';
import { phraseKey } from './lex/stem';

type LexChunk = Extract<Chunk, { kind: 'lex' }>;

export function countOf(reading: Reading, entityName: string): MeasureIntent {
  const count = countMeasureOf(reading.lexicon.entity(entityName));
  return count === undefined ? { kind: 'count', entity: entityName } : { kind: 'model', entity: entityName, measure: count.name };
}

/** Re-aims a model measure at another aggregation: "average revenue" -> the model's avg measure of the same expression. */
export function reaggregate(reading: Reading, entityName: string, measureName: string, aggregation: Aggregation): MeasureIntent | undefined {
  const entity = reading.lexicon.entity(entityName);
  const measure = entity.measures[measureName]!;
  if (measure.aggregation === aggregation) return { kind: 'model', entity: entityName, measure: measureName };
  const same = JSON.stringify(measure.expression);
  const sibling = Object.values(entity.measures).find((m) => m.aggregation === aggregation && m.expression !== undefined && JSON.stringify(m.expression) === same);
  if (sibling !== undefined) return { kind: 'model', entity: entityName, measure: sibling.name };
  if (measure.expression?.kind === 'field' && measure.aggregation !== 'count') {
    return { kind: 'aggregate', aggregation, fields: [{ entity: entityName, field: measure.expression.field }] };
  }
  return undefined;
}

function aggregateTarget(reading: Reading, aggregation: Aggregation | 'howmuch', target: LexChunk): MeasureIntent | undefined {
  const { lexicon } = reading;
  const measures = measureEntries(target.entries);
  const entities = entityEntries(target.entries);
  const fields = fieldEntries(target.entries);
  const numeric = fields.filter((ref) => isNumericField(lexicon.field(ref)));
  const categorical = fields.filter((ref) => !isNumericField(lexicon.field(ref)) && !isDateField(lexicon.field(ref)));
  switch (aggregation) {
    case 'howmuch': {
      // "how much revenue", "how much stock" (its total), "how much did we sell" (the seller's money measure)
      if (measures[0] !== undefined) return { kind: 'model', ...measures[0] };
      if (numeric.length > 0) return { kind: 'aggregate', aggregation: 'sum', fields: numeric };
      const verb = verbMeasure(reading, target);
      const entity = verb !== undefined && verb.kind !== 'aggregate' ? lexicon.entity(verb.entity) : undefined;
      const money = entity?.defaultMeasure === undefined ? undefined : entity.measures[entity.defaultMeasure];
      return money?.format === 'currency' ? { kind: 'model', entity: entity!.name, measure: money.name } : undefined;
    }
    case 'count':
    case 'count_distinct':
      if (entities.length > 0) return aggregation === 'count_distinct' ? { kind: 'distinct', entity: entities[0]! } : countOf(reading, entities[0]!);
      if (categorical.length > 0) return { kind: 'aggregate', aggregation: 'count_distinct', fields: categorical };
      if (measures.length > 0 && lexicon.measure(measures[0]!.entity, measures[0]!.measure).aggregation === 'count') return { kind: 'model', ...measures[0]! };
      return verbMeasure(reading, target);
    default: {
      if (numeric.length > 0 && (measures.length === 0 || target.text.split(' ').length > 1 || aggregation !== 'sum')) {
        if (measures.length > 0) {
          const re = reaggregate(reading, measures[0]!.entity, measures[0]!.measure, aggregation);
          if (re !== undefined && re.kind === 'model') return re;
        }
        return { kind: 'aggregate', aggregation, fields: numeric };
      }
      if (measures.length > 0) {
        // "total number of customers": the total of a count is the count.
        const counted = measures.find((m) => lexicon.measure(m.entity, m.measure).aggregation === 'count');
        if (aggregation === 'sum' && counted !== undefined) return { kind: 'model', ...counted };
        return reaggregate(reading, measures[0]!.entity, measures[0]!.measure, aggregation);
      }
      if (entities.length > 0 && aggregation === 'sum') return countOf(reading, entities[0]!);
      return undefined;
    }
  }
}

/** "average revenue per customer": the per-group total (sum or count), averaged over the groups later. */
function additiveTarget(reading: Reading, target: LexChunk): MeasureIntent | undefined {
  const counted = measureEntries(target.entries).find((m) => reading.lexicon.measure(m.entity, m.measure).aggregation === 'count');
  if (counted !== undefined) return { kind: 'model', ...counted };
  const intent = aggregateTarget(reading, 'sum', target);
  if (intent === undefined || intent.kind === 'count') return intent;
  if (intent.kind !== 'model') return undefined;
  const aggregation = reading.lexicon.measure(intent.entity, intent.measure).aggregation;
  return aggregation === 'sum' || aggregation === 'count' ? intent : undefined;
}

const LISTABLE: ReadonlySet<string> = new Set(['avg', 'min', 'max', 'sum', 'median']);

/** The aggregation a word names in a list of them: "average", "total", and the max/min of "maximum", "lowest". */
function listedAggregation(chunk: Chunk | undefined): Aggregation | undefined {
  const aggregate = keywordKind(chunk, 'aggregate');
  if (aggregate !== undefined) return aggregate.aggregation !== 'howmuch' && LISTABLE.has(aggregate.aggregation) ? aggregate.aggregation : undefined;
  return keywordKind(chunk, 'rank')?.aggregation;
}

/**
 * "the average, minimum and maximum age", "max and min weight": a run of aggregation words joined by "and"
 * or commas shares the one field after it (read before rankings, which would take "maximum age" alone).
 */
export function detectAggregationRuns(reading: Reading): void {
  const { chunks } = reading;
  for (let start = 0; start < chunks.length; start++) {
    if (reading.used[start] || listedAggregation(chunks[start]) === undefined) continue;
    const aggregates = [start];
    const joiners: number[] = [];
    let i = start + 1;
    while (i < chunks.length && !reading.used[i]) {
      const chunk = chunks[i]!;
      if (listedAggregation(chunk) !== undefined) aggregates.push(i);
      else if (keywordKind(chunk, 'and') !== undefined || chunk.text === ',' || chunk.text === 'the') joiners.push(i);
      else break;
      i++;
    }
    const target = chunks[i];
    if (aggregates.length < 2 || target === undefined || target.kind !== 'lex' || reading.used[i]) continue;
    const intents = aggregates.map((k) => aggregateTarget(reading, listedAggregation(chunks[k])!, target));
    if (intents.some((intent) => intent === undefined)) continue;
    reading.measures.push(...(intents as MeasureIntent[]));
    consume(reading, [...aggregates, ...joiners, i].sort((a, b) => a - b));
    start = i;
  }
}

export function detectAggregations(reading: Reading): void {
  const { chunks } = reading;
  for (let i = 0; i < chunks.length; i++) {
    if (reading.used[i]) continue;
    const aggregate = keywordKind(chunks[i], 'aggregate');
    if (aggregate === undefined) continue;
    const used = [i];
    let next = nextMeaningful(reading, i);
    let distinct = false;
    if (keywordKind(chunks[next], 'distinct') !== undefined) {
      distinct = true;
      used.push(next);
      next = nextMeaningful(reading, next);
    }
    const target = chunks[next];
    if (target !== undefined && target.kind === 'lex') {
      if (hiddenEntries(target.entries)) {
        reading.problems.push(`"${target.text}" is not available`);
        consume(reading, [...used, next]);
        continue;
      }
      const aggregation = distinct && aggregate.aggregation === 'count' ? 'count_distinct' : aggregate.aggregation;
      const intent = (aggregation === 'avg' && reading.perGroup !== undefined ? additiveTarget(reading, target) : undefined) ?? aggregateTarget(reading, aggregation, target);
      if (intent !== undefined) {
        reading.measures.push(intent);
        if (intent.kind === 'aggregate' && aggregate.aggregation === 'count') reading.listVerb = false;
        consume(reading, [...used, next]);
        continue;
      }
      reading.problems.push(`cannot take the ${aggregate.aggregation === 'howmuch' ? 'amount' : aggregate.aggregation} of "${target.text}"`);
      consume(reading, [...used, next]);
      continue;
    }
    if (aggregate.aggregation === 'avg' && reading.perGroup !== undefined) {
      consume(reading, used); // "average number of orders per customer": the average is over the groups
      continue;
    }
    if (reading.pendingAggregation === undefined) {
      reading.pendingAggregation = aggregate.aggregation;
      consume(reading, used);
    }
  }
}

/** An entity noun right before another entity noun it is related to ("car models") modifies it. */
function modifiesNext(reading: Reading, index: number, entity: string): boolean {
  const next = reading.chunks[index + 1];
  if (next === undefined || next.kind !== 'lex' || reading.used[index + 1]) return false;
  const head = entityEntries(next.entries)[0];
  return head !== undefined && head !== entity && (reading.lexicon.reach(head, entity) !== undefined || reading.lexicon.reach(entity, head) !== undefined);
}

/** Model words no other detector used: measures, subjects, field mentions. */
export function detectRemainingWords(reading: Reading): void {
  const { chunks, lexicon } = reading;
  // "the description of the section named h": a question that asks for columns is about rows, not a count.
  const asksForColumns = chunks.some((c, i) => !reading.used[i] && c.kind === 'lex' && entityEntries(c.entries).length === 0 && measureEntries(c.entries).length === 0 && fieldEntries(c.entries).some((f) => !isDateField(lexicon.field(f)))) && reading.pendingAggregation === undefined && reading.measures.length === 0;
  const preferSubjects = reading.listVerb || reading.recency !== undefined || reading.ranking !== undefined || asksForColumns;
  chunks.forEach((chunk, i) => {
    if (reading.used[i] || chunk.kind !== 'lex') return;
    if (hiddenEntries(chunk.entries)) {
      reading.problems.push(`"${chunk.text}" is not available`);
      consume(reading, [i]);
      return;
    }
    const measures = measureEntries(chunk.entries);
    const entities = entityEntries(chunk.entries);
    const fields = fieldEntries(chunk.entries);
    const otherMeasure = reading.measures.length > 0;
    // "what ingredients go into X" asks for the ingredients themselves; "how many ingredients" counts them.
    const whHead = /^(which|what)$/.test(chunks[i - 1]?.text ?? '');
    // "revenue and orders by month": a count joined by "and" to a measure is a second measure, not the subject.
    const before = chunks[i - 2];
    const coordinated = chunks[i - 1]?.text === 'and' && otherMeasure && before !== undefined && before.kind === 'lex' && measureEntries(before.entries).length > 0;
    if (measures.length > 0 && (entities.length === 0 || coordinated || (!preferSubjects && !otherMeasure && !whHead))) {
      reading.measures.push({ kind: 'model', ...measures[0]! });
    } else if (entities.length > 0 && modifiesNext(reading, i, entities[0]!)) {
      // "car models": "car" only says which models; the noun at the end is what the question is about.
    } else if (entities.length > 0) {
      reading.subjects.push({ kind: 'entity', entity: entities[0]!, plural: chunk.plural });
      // "which of the countries has the most car makers": the verb's number says one.
      if (!chunk.plural || /^(has|is|was|does)$/.test(chunks[i + 1]?.text ?? '')) reading.singular = true;
    } else if (fields.length > 0) {
      const after = chunks[i - 1]?.kind === 'number' ? chunks[i - 2] : chunks[i - 1]; // "which 5 cities"
      // "which cities", "what nationalities": the wh-word's noun is what the question asks for.
      const which = after !== undefined && (keywordKind(after, 'list') !== undefined || keywordKind(after, 'noise') !== undefined) && /^(which|what)$/.test(after.text);
      const categorical = fields.filter((ref) => !isNumericField(lexicon.field(ref)) && !isDateField(lexicon.field(ref)));
      const verb = verbMeasure(reading, chunk);
      if (verb !== undefined) reading.verbs.push(verb);
      const dates = fields.filter((ref) => isDateField(lexicon.field(ref)));
      const key = phraseKey(chunk.text);
      if (dates.some((ref) => key === phraseKey(lexicon.field(ref).label) || key === phraseKey(ref.field))) reading.dateNouns.push({ fields: dates, text: chunk.text });
      if (which && categorical.length > 0) {
        reading.subjects.push({ kind: 'field', fields: categorical, plural: chunk.plural, text: chunk.text });
        if (!chunk.plural) reading.singular = true;
      } else reading.fieldMentions.push(fields);
    } else return;
    consume(reading, [i]);
  });
}

/**
 * "the different countries", "all distinct template type codes": list each value once (not a count).
 * Before an entity ("the different car makers") it changes nothing: rows are different already.
 */
function distinctList(reading: Reading, index: number): boolean {
  const next = reading.chunks[index + 1];
  return next !== undefined && next.kind === 'lex' && (fieldEntries(next.entries).length > 0 || entityEntries(next.entries).length > 0);
}

/** "both the name and the id": "both" before a column that "and" joins to another column. */
function bothColumns(reading: Reading, index: number): boolean {
  const isColumn = (k: number): boolean => {
    const chunk = reading.chunks[k];
    return chunk !== undefined && chunk.kind === 'lex' && fieldEntries(chunk.entries).length > 0 && entityEntries(chunk.entries).length === 0;
  };
  let k = index + 1;
  if (reading.chunks[k]?.text === 'the' || reading.chunks[k]?.text === 'its' || reading.chunks[k]?.text === 'their') k++;
  if (!isColumn(k) || reading.chunks[k + 1]?.text !== 'and') return false;
  const after = reading.chunks[k + 2]?.text === 'the' || reading.chunks[k + 2]?.text === 'its' || reading.chunks[k + 2]?.text === 'their' ? k + 3 : k + 2;
  return isColumn(after);
}

/** List verbs ("list", "show", "which"), follow-up cues and the period. */
export function detectMarkers(reading: Reading): void {
  reading.chunks.forEach((chunk, i) => {
    if (reading.used[i]) return;
    if (keywordKind(chunk, 'list') !== undefined) {
      reading.listVerb = true;
      reading.used[i] = true;
    } else if (keywordKind(chunk, 'distinct') !== undefined && distinctList(reading, i)) {
      const next = reading.chunks[i + 1];
      if (next !== undefined && next.kind === 'lex' && fieldEntries(next.entries).length > 0) reading.distinct = true;
      consume(reading, [i]);
    } else if (keywordKind(chunk, 'both') !== undefined && bothColumns(reading, i)) {
      // "show both the name and the id": the columns are listed anyway; "both" adds nothing.
      consume(reading, [i]);
    } else if (keywordKind(chunk, 'everything') !== undefined) {
      reading.listVerb = true;
      reading.allColumns = true;
      consume(reading, [i]);
    } else if (keywordKind(chunk, 'cue') !== undefined) {
      reading.cue = true;
      reading.used[i] = true;
    } else if (chunk.kind === 'time' && reading.time === undefined) {
      reading.time = chunk.range;
      const used = [i];
      // "in 2014 or 2015": the other years join the period as alternatives.
      for (let k = i + 1; reading.chunks[k]?.text === 'or'; k += 2) {
        const year = bareYear(reading.chunks[k + 1]);
        if (year === undefined || reading.used[k + 1]) break;
        reading.timeYears = [...(reading.timeYears ?? []), year];
        used.push(k, k + 1);
      }
      consume(reading, used);
    }
  });
}

/**
 * A year standing alone after "or": a plain number in year range, or the date finder's reading of a bare
 * "2015" (a whole-year period whose text is just the four digits).
 */
function bareYear(chunk: Chunk | undefined): number | undefined {
  if (chunk?.kind === 'number') return Number.isInteger(chunk.value) && chunk.value >= 1000 && chunk.value <= 2999 ? chunk.value : undefined;
  if (chunk?.kind === 'time' && /^\d{4}$/.test(chunk.text)) return Number(chunk.text);
  return undefined;
}
