/**
 * What an aggregation word takes from the model phrase after it: "how many orders" (a count), "total sale
 * price" (a sum of a field), "average revenue" (the model's average measure), "number of different cities"
 * (a distinct count), "how much revenue", "how much did we sell" (the seller's money measure).
 */
import type { Aggregation } from '../../semantic/model-schema';
import { ownEntry } from '../../semantic/name-record';
import { singularize, splitWords } from '../../semantic/humanize';
import type { FieldRef } from '../../plan/query-plan';
import type { MeasureIntent } from '../intents';
import { entityEntries, fieldEntries, measureEntries } from '../lex/chunk-queries';
import { isAdditiveField, isDateField, isNumericField, type Lexicon } from '../lex/lexicon';
import type { Chunk } from '../lex/segment';
import { countOf, reaggregate, verbMeasure } from '../measures';

type LexChunk = Extract<Chunk, { kind: 'lex' }>;

/** `howMany`: the count was asked as "how many" (not "the number of", which may be one row's own figure). */
export function aggregateTarget(lexicon: Lexicon, aggregation: Aggregation | 'howmuch', target: LexChunk, howMany = false): MeasureIntent | undefined {
  const measures = measureEntries(target.entries);
  const entities = entityEntries(target.entries);
  const fields = fieldEntries(target.entries);
  const numeric = fields.filter((ref) => isNumericField(lexicon.field(ref)));
  const categorical = fields.filter((ref) => !isNumericField(lexicon.field(ref)) && !isDateField(lexicon.field(ref)));
  switch (aggregation) {
    case 'howmuch': {
      // "how much revenue", "how much stock" (its total), "how much did we sell" (the seller's money measure)
      // "How much have we invoiced": how much asks for money, never for a count of the rows ("There were 542
      // invoices"). A count measure or a table stands for the one amount its rows record, else for nothing.
      const summed = measures.filter((m) => lexicon.measure(m.entity, m.measure).aggregation !== 'count');
      if (summed[0] !== undefined) return { kind: 'model', ...summed[0] };
      if (numeric.length > 0) return { kind: 'aggregate', aggregation: 'sum', fields: numeric };
      const counted = [...entities, ...measures.map((m) => m.entity)][0];
      if (counted !== undefined) {
        const amounts = Object.values(lexicon.entity(counted).fields).filter((f) => !f.hidden && f.format === 'currency' && isAdditiveField(f));
        return amounts.length === 1 ? { kind: 'aggregate', aggregation: 'sum', fields: [{ entity: counted, field: amounts[0]!.name }] } : undefined;
      }
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
      // "how many units were sold", "how many votes did the players get": a whole-number column named by a
      // plural noun counts things itself, so "how many" of it is its total. A column named in the singular
      // ("advisor" holding ids, "section" holding numbers) is not a count of anything, and "stations with
      // their number of docks" asks for each row's own figure, not a total.
      if (howMany && aggregation === 'count' && target.plural && numeric.length > 0 && numeric.every((ref) => countsThings(lexicon, ref))) return { kind: 'aggregate', aggregation: 'sum', fields: numeric };
      // "how many units have we sold": a measure named by a plural noun that sums a whole number is already a count of things.
      if (howMany && aggregation === 'count' && target.plural) {
        const tally = measures.find((m) => { const measure = lexicon.measure(m.entity, m.measure); return measure.aggregation === 'sum' && measure.format === 'integer'; });
        if (tally !== undefined) return { kind: 'model', ...tally };
      }
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

/** A whole-number column whose name ends in a plural noun ("votes", "num_of_units") or says "quantity". */
function countsThings(lexicon: Lexicon, ref: FieldRef): boolean {
  const field = lexicon.field(ref);
  const last = splitWords(field.column).at(-1);
  return field.type === 'integer' && last !== undefined && /^[a-z]{3,}$/.test(last) && (last === 'quantity' || last === 'qty' || singularize(last) !== last);
}
