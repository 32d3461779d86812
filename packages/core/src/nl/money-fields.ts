/**
 * The money a chunk of the question names: a lex chunk whose numeric fields all belong to one entity and are
 * amounts of money (the currency format, or a name that adds up: lex/lexicon.ts isAdditiveField). "paid"
 * (`amount_payment`), "owe" (`amount_outstanding`), "claimed" (`amount_claimed`). Shared by the rules that
 * read money verbs (rules/money-verbs.ts, rules/ranking.ts).
 */
import type { FieldRef } from '../plan/query-plan';
import { fieldEntries, measureEntries } from './lex/chunk-queries';
import { isAdditiveField, isDateField, isNumericField, type Lexicon } from './lex/lexicon';
import type { Chunk } from './lex/segment';
import { ownEventFields } from './own-event-fields';
import { phraseKey } from './lex/stem';

export function moneyFieldsOf(lexicon: Lexicon, chunk: Chunk | undefined): FieldRef[] | undefined {
  if (chunk === undefined || chunk.kind !== 'lex' || measureEntries(chunk.entries).length > 0) return undefined;
  const fields = fieldEntries(chunk.entries);
  if (fields.length === 0 || fields.length !== chunk.entries.length) return undefined;
  if (fields.some((ref) => isDateField(lexicon.field(ref)))) return undefined;
  const money = fields.filter((ref) => isNumericField(lexicon.field(ref)) && isAdditiveField(lexicon.field(ref)));
  if (money.length !== fields.length) return undefined;
  // "claimed" on claims and on settlements: the claims' own figure (own-event-fields.ts).
  const own = new Set(money.map((ref) => ref.entity)).size === 1 ? money : ownEventFields(lexicon, money);
  return own;
}

/**
 * "three customers owe": a number before a money phrase that opens with the rows' own noun ("customers owe" names
 * `amount_outstanding` as the customers' own) counts those rows; it is never the money's value.
 */
export function rowsBeforeMoney(lexicon: Lexicon, chunk: Chunk | undefined): boolean {
  if (chunk === undefined || chunk.kind !== 'lex' || moneyFieldsOf(lexicon, chunk) === undefined) return false;
  const first = chunk.text.toLowerCase().split(' ')[0]!;
  return chunk.text.includes(' ') && (lexicon.phrases.get(phraseKey(first)) ?? []).some((entry) => entry.kind === 'entity');
}
