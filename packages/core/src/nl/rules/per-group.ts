/**
 * "How many orders per customer", "average revenue per city", "how many orders does each customer place on
 * average": an average over groups (over the groups that have at least one row), not a breakdown. This only
 * marks where the "per" is and how it was asked; the group itself is read by rules/grouping.ts, and
 * assemble/build-shapes.ts decides once the base entity and the measures are known.
 */
import { entityEntries, keywordKind } from '../lex/chunk-queries';
import { PER_WORDS } from '../../vocabulary/grammar-words';
import { nextMeaningful } from '../kernel/interpretation';
import { defineRule } from './define-rule';

export const perGroup = defineRule({
  name: 'per-group.average-over',
  description: '"per customer" (or "each ... on average") marks an average over the groups, unless a ranking makes it a breakdown; a count per category ("per state") is the breakdown unless "average" is said.',
  examples: [
    { schema: 'shop', question: 'How many orders per customer?', expect: 'aggregate orders: order_count averaged over customers.customer_id' },
    { schema: 'shop', question: 'How many orders per state on average?', expect: 'aggregate orders: order_count averaged over customers.state' },
    { schema: 'shop', question: 'How many orders per month on average?', expect: 'aggregate orders: order_count rollup avg over orders.order_date/month' },
    { schema: 'shop', question: 'Average monthly revenue in 2025', expect: 'aggregate orders: sum(orders.revenue) time order_date 2025-01-01..2026-01-01 rollup avg over orders.order_date/month' },
    { schema: 'shop', question: 'Average number of orders per day in 2024', expect: 'aggregate orders: order_count time order_date 2024-01-01..2025-01-01 rollup avg over orders.order_date/day' },
  ],
  counterExamples: [
    { schema: 'shop', question: 'Top 5 customers by number of orders per customer', expect: 'aggregate orders: order_count by customers.name order measure0 desc limit 5' },
    // A count per category is the breakdown ("how many airports are there per country"), per an entity the average.
    { schema: 'shop', question: 'How many orders per state?', expect: 'aggregate orders: order_count by customers.state' },
    { schema: 'world', question: 'How many cities per continent?', expect: 'aggregate city: city_count by country.continent' },
    // Without "average", "per month" is the breakdown by month.
    { schema: 'shop', question: 'How many orders per month?', expect: 'aggregate orders: order_count by orders.order_date/month' },
    // An average of a level per month is not an average of monthly figures: it stays a question.
    { schema: 'shop', question: 'Average monthly price', expect: 'clarify' },
  ],
  startsFrom: ['keyword:group', 'keyword:grain'],
  read(draft) {
    const { chunks } = draft.state;
    const averageAt = chunks.findIndex((c, i) => !draft.used(i) && keywordKind(c, 'aggregate')?.aggregation === 'avg');
    const countAt = chunks.findIndex((c, i) => !draft.used(i) && keywordKind(c, 'aggregate')?.aggregation === 'count');
    const onAverage = averageAt > 0 && chunks[averageAt - 1]!.text === 'on';
    // "top five states by number of districts per state": with a ranking, "per" is a breakdown.
    if (chunks.some((c) => keywordKind(c, 'rank') !== undefined)) return;
    // "average monthly revenue", "average daily orders": the figure per month, averaged over the months.
    const adverbAt = averageAt >= 0 ? nextMeaningful(draft.state, averageAt) : -1;
    const adverb = adverbAt >= 0 && !draft.used(adverbAt) ? keywordKind(chunks[adverbAt], 'grain') : undefined;
    if (adverb?.adverb === true && adverb.line !== true) {
      draft.propose({
        covers: [averageAt, adverbAt],
        contributions: [
          { kind: 'group', group: { kind: 'grain', grain: adverb.grain, fields: [] } },
          { kind: 'per-group', perGroup: { at: adverbAt, cue: 'average', grain: adverb.grain } },
        ],
        reason: `"${chunks[averageAt]!.text} ${chunks[adverbAt]!.text}" asks for the figure per ${adverb.grain}, averaged over the ${adverb.grain}s`,
      });
      return;
    }
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i]!;
      if (draft.used(i) || keywordKind(chunk, 'group') === undefined || !PER_WORDS.has(chunk.text)) continue;
      // "in each category" is a breakdown unless the question says "on average".
      if (chunk.text !== 'per' && !onAverage) continue;
      const cue = averageAt >= 0 ? 'average' : countAt >= 0 ? 'count' : 'none';
      const next = nextMeaningful(draft.state, i);
      const grain = keywordKind(chunks[next], 'grain');
      if (grain !== undefined) {
        // "average number of orders per day", "how many orders per month on average": the figure per day,
        // averaged over the days (a rollup). Without "average" it is the breakdown by day ("orders per day").
        // The average word is read here, so it is not also taken for the measure's own aggregation
        // ("average revenue" is revenue per month averaged, not the average order's revenue per month).
        if (cue !== 'average') return;
        draft.propose({
          covers: onAverage ? [averageAt - 1, averageAt] : [averageAt],
          contributions: [{ kind: 'per-group', perGroup: { at: next, cue, grain: grain.grain } }],
          reason: `"average ... ${chunk.text} ${chunks[next]!.text}" asks for the figure per ${grain.grain}, averaged over the ${grain.grain}s`,
          ...(onAverage ? { phrase: 'on average' } : {}),
        });
        return;
      }
      const target = chunks[next];
      if (target?.kind !== 'lex') continue;
      const entity = entityEntries(target.entries)[0];
      draft.propose({
        covers: onAverage ? [averageAt - 1, averageAt] : [],
        contributions: [{ kind: 'per-group', perGroup: { at: next, cue, ...(entity === undefined ? {} : { entity }) } }],
        reason: `"${chunk.text} ${target.text}" asks for an average over the groups`,
        ...(onAverage ? { phrase: 'on average' } : {}),
      });
      return;
    }
  },
});
