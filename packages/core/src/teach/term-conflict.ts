/**
 * Would a taught term make an existing reading ambiguous? A term may not take over a word the engine
 * already reads (a model name, a grammar word, a date, a value of the caller's data) to mean something
 * else: questions that work today must keep their meaning. Teaching a word what it already means is
 * refused too, so the vocabulary holds only entries that change something. A value counts when questions
 * read the term as that value (exactly, or as its singular or plural: value-reading.ts).
 */
import type { LexEntry } from '../nl/lex/lexicon';
import { buildLexicon } from '../nl/lex/lexicon';
import { keywordOf } from '../nl/lex/keywords';
import { phraseKey } from '../nl/lex/stem';
import type { SemanticModel } from '../semantic/semantic-model';
import type { ValueIndex } from '../semantic/value-index';
import { findDatePhrases } from '../time/date-phrases';
import { describeMeaning, sameMeaning, type ResolvedMeaning } from './meaning';
import { termKey } from './term';
import { valueReadings } from './value-reading';

function lexMeaning(entry: LexEntry): ResolvedMeaning {
  switch (entry.kind) {
    case 'entity':
      return { kind: 'entity', entity: entry.entity };
    case 'field':
      return { kind: 'field', entity: entry.entity, field: entry.field };
    case 'measure':
      return { kind: 'measure', entity: entry.entity, measure: entry.measure };
  }
}

export type TermConflict = { kind: 'ambiguous' | 'already-known'; message: string };

/**
 * `model` is the model with every entry already in force for this scope applied; `values` the scope's
 * value index (with its taught aliases), when the scope has one.
 */
export function termConflict(model: SemanticModel, values: ValueIndex | undefined, term: string, meaning: ResolvedMeaning): TermConflict | undefined {
  const key = termKey(term);
  const quoted = `"${term}"`;
  const known = buildLexicon(model).phrases.get(phraseKey(key)) ?? [];
  const readings = known.map(lexMeaning);
  if (readings.some((reading) => sameMeaning(reading, meaning))) return { kind: 'already-known', message: `${quoted} already means ${describeMeaning(meaning)}.` };
  if (readings.length > 0) {
    return { kind: 'ambiguous', message: `${quoted} already means ${readings.map(describeMeaning).join(' or ')}; teaching it ${describeMeaning(meaning)} would make questions that use it ambiguous.` };
  }
  if (keywordOf(key) !== undefined) return { kind: 'ambiguous', message: `${quoted} is a word the engine reads as part of a question's grammar (like "by", "top" or "average"); it cannot name ${describeMeaning(meaning)}.` };
  if (findDatePhrases(key, { now: new Date() }).length > 0) return { kind: 'ambiguous', message: `${quoted} reads as a date; it cannot name ${describeMeaning(meaning)}.` };
  return values === undefined ? undefined : valueConflict(values, term, meaning);
}

/**
 * The value half of termConflict, for one tenant's value index: a term its questions already read as one
 * of its values (value-reading.ts) may only be taught as that very value. `whose` names the tenant in the
 * message (a global entry is checked against every tenant's values).
 */
export function valueConflict(values: ValueIndex, term: string, meaning: ResolvedMeaning, whose = ''): TermConflict | undefined {
  const quoted = `"${term}"`;
  const readings = valueReadings(values, termKey(term));
  const sameValue = (m: { entity: string; field: string; value: string }): boolean =>
    meaning.kind === 'value' && m.entity === meaning.entity && m.field === meaning.field && m.value === meaning.value;
  if (readings.some(sameValue)) return { kind: 'already-known', message: `${quoted} already means ${describeMeaning(meaning)}${whose}.` };
  const other = readings.find((m) => !sameValue(m));
  if (other !== undefined) {
    return { kind: 'ambiguous', message: `${quoted} is already a value of ${other.entity}.${other.field} ("${other.value}")${whose}; teaching it ${describeMeaning(meaning)} would make questions that use it ambiguous.` };
  }
  return undefined;
}
