/**
 * "How many different customers placed orders last month": distinct customers are counted through the rows
 * of the entity the rest of the question is about (orders), which must reach customers many-to-one. This
 * picks that entity: the one named (as a subject, an event verb or a measure), else the one every other
 * named field belongs to or reaches, else — for a bare period ("unique buyers this year") — the model's
 * main fact (the single entity whose default measure is money). Two equally good candidates: undefined.
 */
import { isDateField } from '../lex/lexicon';
import { intentFields } from '../kernel/interpretation';
import type { Reading } from './reading';
import { ownEntry } from '../../semantic/name-record';

/** The single entity whose default measure is a currency measure ("the sales table"), if any. */
export function mainFact(reading: Reading): string | undefined {
  const money = Object.values(reading.lexicon.model.entities).filter((e) => e.defaultMeasure !== undefined && ownEntry(e.measures, e.defaultMeasure)?.format === 'currency');
  return money.length === 1 ? money[0]!.name : undefined;
}

export function distinctBase(reading: Reading, entity: string): string | undefined {
  const { lexicon } = reading;
  const named = new Set<string>();
  for (const s of reading.subjects) if (s.kind === 'entity') named.add(s.entity);
  for (const v of reading.verbs) if (v.kind !== 'aggregate') named.add(v.entity);
  for (const m of reading.measures) if (m.kind === 'model' || m.kind === 'count') named.add(m.entity);
  for (const mention of reading.fieldMentions) for (const f of mention.fields) if (isDateField(lexicon.field(f))) named.add(f.entity);
  named.delete(entity);
  // Every other field the question uses must be reachable from the counting entity.
  const needed = new Set<string>();
  for (const f of reading.filters) for (const ref of intentFields(f)) needed.add(ref.entity);
  for (const g of reading.groups) if (g.kind === 'field') for (const ref of g.fields) needed.add(ref.entity);
  const reachesAll = (base: string, targets: Iterable<string>): boolean => [...targets].every((t) => lexicon.reach(base, t) !== undefined);
  const fits = (base: string): boolean => {
    const reach = lexicon.reach(base, entity);
    return reach !== undefined && !reach.ambiguous && reachesAll(base, needed);
  };
  const candidates = [...named].filter(fits);
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1) return undefined;
  if (named.size > 0) return undefined;
  if ([...needed].every((t) => lexicon.reach(entity, t) !== undefined) && (needed.size > 0 || reading.time === undefined)) return entity;
  const fact = mainFact(reading);
  if (fact !== undefined && fits(fact)) return fact;
  const others = Object.keys(lexicon.model.entities).filter((e) => e !== entity && fits(e));
  return others.length === 1 ? others[0] : undefined;
}
