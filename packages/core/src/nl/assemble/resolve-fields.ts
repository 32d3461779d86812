/**
 * Choosing among candidate fields once the base entity is known: only fields the base reaches along
 * many-to-one relations count; the base's own fields win, then fields of entities the question named,
 * then the nearest. Two equally good candidates are an ambiguity for the caller to resolve.
 */
import type { FieldRef } from '../../plan/query-plan';
import type { ModelEntity } from '../../semantic/semantic-model';
import { isNumericField, isTenantRoot, type Lexicon } from '../lex/lexicon';
import { looksLikeMoney } from '../../semantic/introspection-heuristics';
import { ownEntry } from '../../semantic/name-record';

/** `others`: the reachable candidates that scored worse, best first (the builder's alternatives). */
export type FieldChoice = { kind: 'field'; ref: FieldRef; others: FieldRef[] } | { kind: 'ambiguous'; options: FieldRef[] } | { kind: 'unreachable' };

export function pickField(lexicon: Lexicon, candidates: readonly FieldRef[], base: string, preferred: readonly string[] = []): FieldChoice {
  const scored = candidates.flatMap((ref) => {
    const reach = lexicon.reach(base, ref.entity);
    if (reach === undefined || reach.ambiguous || lexicon.field(ref).hidden) return [];
    const score = ref.entity === base ? 0 : preferred.includes(ref.entity) ? 1 : 1 + reach.hops + (isTenantRoot(lexicon.entity(ref.entity)) ? 10 : 0);
    return [{ ref, score }];
  });
  if (scored.length === 0) return { kind: 'unreachable' };
  const best = Math.min(...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score === best).map((s) => s.ref);
  const unique = top.filter((ref, i) => top.findIndex((o) => o.entity === ref.entity && o.field === ref.field) === i);
  if (unique.length > 1) return { kind: 'ambiguous', options: unique };
  const same = (a: FieldRef, b: FieldRef): boolean => a.entity === b.entity && a.field === b.field;
  const others = [...scored].sort((a, b) => a.score - b.score).map((s) => s.ref).filter((ref, i, all) => !same(ref, unique[0]!) && all.findIndex((o) => same(o, ref)) === i);
  return { kind: 'field', ref: unique[0]!, others };
}

/** "customer name", "product category": how a field is named to a person choosing between options. */
export function describeField(lexicon: Lexicon, ref: FieldRef): string {
  const entity = lexicon.entity(ref.entity);
  const label = lexicon.field(ref).label;
  return label.toLowerCase().includes(entity.label.toLowerCase()) ? label : `${entity.label} ${label}`;
}

/**
 * The money field meant by "orders over $500": the first currency field of the entity's default
 * measure expression, else the entity's only visible currency field.
 */
export function moneyFieldOf(entity: ModelEntity): string | undefined {
  const measure = entity.defaultMeasure === undefined ? undefined : ownEntry(entity.measures, entity.defaultMeasure);
  let expression = measure?.expression;
  while (expression !== undefined && expression.kind === 'binary') expression = expression.left;
  const field = expression?.kind === 'field' ? ownEntry(entity.fields, expression.field) : undefined;
  if (field?.format === 'currency' && !field.hidden) return field.name;
  const money = Object.values(entity.fields).filter((f) => !f.hidden && f.format === 'currency');
  if (money.length > 0) return money.length === 1 ? money[0]!.name : undefined;
  // A price kept as whole numbers (`basePrice INTEGER`) has no currency format: the one numeric field named as money.
  const named = Object.values(entity.fields).filter((f) => !f.hidden && isNumericField(f) && looksLikeMoney(f.column));
  return named.length === 1 ? named[0]!.name : undefined;
}
