/**
 * What an aggregation word takes from the model phrase after it: "how many orders" (a count), "total sale
 * price" (a sum of a field), "average revenue" (the model's average measure), "number of different cities"
 * (a distinct count), "how much revenue", "how much did we sell" (the seller's money measure).
 */
import type { Aggregation } from '../../semantic/model-schema';
import { ownEntry } from '../../semantic/name-record';
import type { MeasureIntent } from '../intents';
import { entityEntries, fieldEntries, measureEntries } from '../lex/chunk-queries';
import { isDateField, isNumericField, type Lexicon } from '../lex/lexicon';
import type { Chunk } from '../lex/segment';
import { countOf, reaggregate, verbMeasure } from '../measures';

type LexChunk = Extract<Chunk, { kind: 'lex' }>;

export function aggregateTarget(lexicon: Lexicon, aggregation: Aggregation | 'howmuch', target: LexChunk): MeasureIntent | undefined {
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
      const verb = verbMeasure(lexicon, target);
      const entity = verb !== undefined && verb.kind !== 'aggregate' ? lexicon.entity(verb.entity) : undefined;
      const money = entity?.defaultMeasure === undefined ? undefined : ownEntry(entity.measures, entity.defaultMeasure);
      return money?.format === 'currency' ? { kind: 'model', entity: entity!.name, measure: money.name } : undefined;
    }
    case 'count':
    case 'count_distinct':
      if (entities.length > 0) return aggregation === 'count_distinct' ? { kind: 'distinct', entity: entities[0]! } : countOf(lexicon, entities[0]!);
      if (categorical.length > 0) return { kind: 'aggregate', aggregation: 'count_distinct', fields: categorical };
      if (measures.length > 0 && lexicon.measure(measures[0]!.entity, measures[0]!.measure).aggregation === 'count') return { kind: 'model', ...measures[0]! };
      return verbMeasure(lexicon, target);
    default: {
      if (numeric.length > 0 && (measures.length === 0 || target.text.split(' ').length > 1 || aggregation !== 'sum')) {
        if (measures.length > 0) {
          const re = reaggregate(lexicon, measures[0]!.entity, measures[0]!.measure, aggregation);
          if (re !== undefined && re.kind === 'model') return re;
        }
        return { kind: 'aggregate', aggregation, fields: numeric };
      }
      if (measures.length > 0) {
        // "total number of customers": the total of a count is the count.
        const counted = measures.find((m) => lexicon.measure(m.entity, m.measure).aggregation === 'count');
        if (aggregation === 'sum' && counted !== undefined) return { kind: 'model', ...counted };
        return reaggregate(lexicon, measures[0]!.entity, measures[0]!.measure, aggregation);
      }
      if (entities.length > 0 && aggregation === 'sum') return countOf(lexicon, entities[0]!);
      return undefined;
    }
  }
}

/** "average revenue per customer": the per-group total (sum or count), averaged over the groups later. */
export function additiveTarget(lexicon: Lexicon, target: LexChunk): MeasureIntent | undefined {
  const counted = measureEntries(target.entries).find((m) => lexicon.measure(m.entity, m.measure).aggregation === 'count');
  if (counted !== undefined) return { kind: 'model', ...counted };
  const intent = aggregateTarget(lexicon, 'sum', target);
  if (intent === undefined || intent.kind === 'count') return intent;
  if (intent.kind !== 'model') return undefined;
  const aggregation = lexicon.measure(intent.entity, intent.measure).aggregation;
  return aggregation === 'sum' || aggregation === 'count' ? intent : undefined;
}
