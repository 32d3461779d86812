/**
 * Shares: "what share of revenue comes from laptops", "what percentage of orders are from Boston customers".
 * The word after "share of" is the whole (a measure, or the rows of an entity); the filters of the question
 * name the part. assemble/build-shapes.ts turns it into a `share` measure.
 */
import { entityEntries, keywordKind, measureEntries } from '../lex/chunk-queries';
import { nextMeaningful } from '../kernel/interpretation';
import type { Contribution } from '../kernel/candidate';
import { defineRule } from './define-rule';
import { countOf } from '../measures';

export const shareOf = defineRule({
  name: 'share.of-whole',
  description: '"what share of revenue", "percentage of orders": the part the filters name, out of the whole named after the word.',
  examples: [
    { schema: 'shop', question: 'What percentage of orders are for laptops?', expect: 'aggregate orders: share(order_count where products.category eq Laptop)' },
    // No part named and a breakdown: each group as a percentage of the total over all groups.
    { schema: 'shop', question: 'Share of orders by category', expect: 'aggregate orders: percent_of_total(order_count) by products.category' },
  ],
  counterExamples: [{ schema: 'shop', question: 'List the products with their price', expect: 'list products: products.name, products.price' }],
  startsFrom: ['keyword:share'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i) || keywordKind(chunks[i], 'share') === undefined) continue;
      const share: Contribution = { kind: 'mark', mark: 'share', value: true };
      const next = nextMeaningful(draft.state, i);
      const target = chunks[next];
      if (target !== undefined && target.kind === 'lex') {
        const entities = entityEntries(target.entries);
        const measures = measureEntries(target.entries);
        const whole: Contribution | undefined =
          entities.length > 0 ? { kind: 'measure', measure: countOf(draft.state.lexicon, entities[0]!) } : measures.length > 0 ? { kind: 'measure', measure: { kind: 'model', ...measures[0]! } } : undefined;
        if (whole !== undefined) {
          draft.propose({ covers: [i, next], contributions: [share, whole], reason: `a share of "${target.text}"` });
          continue;
        }
      }
      draft.propose({ covers: [i], contributions: [share], reason: 'a share of what the question measures' });
    }
  },
});
