/**
 * A tenant's value index plus the value words taught for it: aliases are matched first (an operator's
 * word wins over a typo-near data value), the data's own values after them. The tenant's index is
 * cached and shared, so it is wrapped rather than rebuilt.
 */
import { createValueIndex } from '../nl/lex/value-index';
import type { IndexedValue, ValueIndex, ValueMatch } from '../semantic/value-index';

export function withValueAliases(base: ValueIndex, aliases: readonly IndexedValue[]): ValueIndex {
  if (aliases.length === 0) return base;
  const taught = createValueIndex(aliases);
  const baseTokens = (base as { maxTokens?: unknown }).maxTokens;
  return {
    valuesOf: (entity, field) => base.valuesOf(entity, field),
    match(phrase: string): ValueMatch[] {
      // Exact or singular/plural matches of a taught word; a typo of one is left to the data's values.
      const byAlias = taught.match(phrase).filter((m) => m.score >= 0.95);
      return byAlias.length > 0 ? byAlias : base.match(phrase);
    },
    size: base.size,
    ...(typeof baseTokens === 'number' ? { maxTokens: Math.max(baseTokens, taught.maxTokens) } : {}),
  } as ValueIndex;
}
