/**
 * Of one money column kept by several tables (`claims.amount_claimed` and `settlements.amount_claimed`), the
 * one the verb of its name makes the table's own: "claimed" is what a claim records, so "how much has been
 * claimed" reads the claims' figure, not the settlements' copy of it. Without it the question is asked back.
 *
 * Conservative: only when exactly one entity's own noun is the participle's stem ("claim" for "claimed",
 * "order" for "ordered"), and only among fields of the same label.
 */
import type { FieldRef } from '../plan/query-plan';
import type { Lexicon } from './lex/lexicon';
import { phraseKey } from './lex/stem';

const participleStems = (label: string): string[] =>
  label
    .toLowerCase()
    .split(' ')
    .filter((word) => word.length > 4 && word.endsWith('ed'))
    .flatMap((word) => [word.slice(0, -2), word.slice(0, -1)]);

export function ownEventFields(lexicon: Lexicon, fields: readonly FieldRef[]): FieldRef[] | undefined {
  const entities = new Set(fields.map((ref) => ref.entity));
  const labels = new Set(fields.map((ref) => lexicon.field(ref).label.toLowerCase()));
  if (entities.size < 2 || labels.size !== 1) return undefined;
  const stems = new Set(participleStems([...labels][0]!).map((stem) => phraseKey(stem)));
  if (stems.size === 0) return undefined;
  const own = fields.filter((ref) => stems.has(phraseKey(lexicon.entity(ref.entity).label)));
  return new Set(own.map((ref) => ref.entity)).size === 1 ? own : undefined;
}
