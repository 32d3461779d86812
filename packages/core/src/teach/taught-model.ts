/**
 * Applies taught terms: entity, field and measure terms become synonyms of a copy of the model (the
 * planner's lexicon is built from synonyms, so a taught word is read exactly like a word of the model
 * file); value terms become aliases in the caller's value index. The original model is never changed:
 * tenants without entries keep sharing it.
 */
import { assertNever } from '../plan/query-plan';
import { nameRecord, ownEntry } from '../semantic/name-record';
import type { SemanticModel } from '../semantic/semantic-model';
import type { IndexedValue } from '../semantic/value-index';
import type { ResolvedMeaning } from './meaning';

export interface TaughtTerm {
  term: string;
  meaning: ResolvedMeaning;
}

export function teachModel(model: SemanticModel, terms: readonly TaughtTerm[]): SemanticModel {
  const named = terms.filter((t) => t.meaning.kind !== 'value');
  if (named.length === 0) return model;
  // Copies keep the model's records without a prototype (name-record.ts), so the taught model is read as safely.
  const entities = nameRecord(Object.entries(model.entities));
  for (const { term, meaning } of named) {
    const declared = ownEntry(entities, meaning.entity);
    // A meaning is resolved against the model before it gets here; one that names nothing is skipped, never applied.
    if (declared === undefined) continue;
    const entity = { ...declared };
    switch (meaning.kind) {
      case 'entity':
        entity.synonyms = [...entity.synonyms, term];
        break;
      case 'field': {
        const field = ownEntry(entity.fields, meaning.field);
        if (field === undefined) continue;
        entity.fields = nameRecord([...Object.entries(entity.fields), [field.name, { ...field, synonyms: [...field.synonyms, term] }]]);
        break;
      }
      case 'measure': {
        const measure = ownEntry(entity.measures, meaning.measure);
        if (measure === undefined) continue;
        entity.measures = nameRecord([...Object.entries(entity.measures), [measure.name, { ...measure, synonyms: [...measure.synonyms, term] }]]);
        break;
      }
      case 'value':
        break;
      default:
        assertNever(meaning, 'meaning kind');
    }
    entities[meaning.entity] = entity;
  }
  return { ...model, entities };
}

export function valueAliases(terms: readonly TaughtTerm[]): IndexedValue[] {
  return terms.flatMap(({ term, meaning }) => (meaning.kind === 'value' ? [{ entity: meaning.entity, field: meaning.field, value: meaning.value, alias: term }] : []));
}
