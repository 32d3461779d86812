/**
 * The model's measures as the rules and the builder reach them: the count of an entity's rows, the same
 * measure under another aggregation ("average revenue"), and the measure an event verb implies ("sold",
 * "reviewed"). Shared by rules/ and assemble/, so neither imports the other.
 */
import type { Aggregation } from '../semantic/model-schema';
import { ownEntry } from '../semantic/name-record';
import type { MeasureIntent } from './intents';
import { fieldEntries } from './lex/chunk-queries';
import { countMeasureOf, isDateField, type Lexicon } from './lex/lexicon';
import type { Chunk } from './lex/segment';
import { phraseKey } from './lex/stem';

export function countOf(lexicon: Lexicon, entityName: string): MeasureIntent {
  const count = countMeasureOf(lexicon.entity(entityName));
  return count === undefined ? { kind: 'count', entity: entityName } : { kind: 'model', entity: entityName, measure: count.name };
}

/** Re-aims a model measure at another aggregation: "average revenue" -> the model's avg measure of the same expression. */
export function reaggregate(lexicon: Lexicon, entityName: string, measureName: string, aggregation: Aggregation): MeasureIntent | undefined {
  const entity = lexicon.entity(entityName);
  const measure = ownEntry(entity.measures, measureName)!;
  if (measure.aggregation === aggregation) return { kind: 'model', entity: entityName, measure: measureName };
  const same = JSON.stringify(measure.expression);
  const sibling = Object.values(entity.measures).find((m) => m.aggregation === aggregation && m.expression !== undefined && JSON.stringify(m.expression) === same);
  if (sibling !== undefined) return { kind: 'model', entity: entityName, measure: sibling.name };
  if (measure.expression?.kind === 'field' && measure.aggregation !== 'count') {
    return { kind: 'aggregate', aggregation, fields: [{ entity: entityName, field: measure.expression.field }] };
  }
  return undefined;
}

/** A verb that names an entity's event ("sold", "reviewed", "ordered") ranks or counts by that entity's measure. */
export function verbMeasure(lexicon: Lexicon, chunk: Chunk): MeasureIntent | undefined {
  if (chunk.kind !== 'lex') return undefined;
  const dates = fieldEntries(chunk.entries).filter((ref) => isDateField(lexicon.field(ref)));
  const ref = dates[0];
  if (ref === undefined || dates.some((d) => d.entity !== ref.entity)) return undefined;
  const entity = lexicon.entity(ref.entity);
  const verb = phraseKey(chunk.text);
  const named = Object.values(entity.measures).find((m) => [m.label, ...m.synonyms].some((name) => phraseKey(name).split(' ').includes(verb) && m.aggregation === 'sum'));
  if (named !== undefined) return { kind: 'model', entity: entity.name, measure: named.name };
  const count = countMeasureOf(entity);
  return count !== undefined ? { kind: 'model', entity: entity.name, measure: count.name } : { kind: 'count', entity: entity.name };
}
