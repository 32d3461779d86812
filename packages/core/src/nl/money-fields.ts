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
