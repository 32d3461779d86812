/**
 * "the busiest month's revenue", "revenue in the best month", "the most orders in a single day", "the
 * highest monthly revenue", "the slowest week": the figure per period (the date cut to the grain), and then
 * the largest (or smallest) of those figures: a rollup with max (or min). The period itself is not asked
 * for ("which month was busiest" is a ranking of months, rules/ranking.ts). Like "average revenue per month"
 * (rules/per-group.ts), only figures that add up per period are rolled up so (assemble/build-shapes.ts).
 */
import { BUSY_PERIOD_WORDS, QUIET_PERIOD_WORDS, SINGLE_PERIOD_WORDS } from '../../vocabulary/period-extremes';
import { keywordKind } from '../lex/chunk-queries';
import type { Chunk } from '../lex/segment';
import type { Keyword } from '../lex/keywords';
import { nextMeaningful } from '../kernel/interpretation';
import type { Draft } from '../kernel/draft';
import { defineRule } from './define-rule';

type Extreme = 'max' | 'min';

/** "busiest", "best", "highest", "most" -> max; "slowest", "worst", "lowest", "fewest" -> min. */
function extremeOf(chunk: Chunk | undefined): Extreme | undefined {
  if (chunk === undefined) return undefined;
  if (BUSY_PERIOD_WORDS.has(chunk.text)) return 'max';
  if (QUIET_PERIOD_WORDS.has(chunk.text)) return 'min';
  const rank = keywordKind(chunk, 'rank');
  if (rank === undefined || rank.money === true || rank.count === true) return undefined;
  return rank.direction === 'desc' ? 'max' : 'min';
}

/** The period noun ("month", "month's", "day") or adverb ("monthly") at `i`, unread. */
function grainAt(draft: Draft, i: number): { grain: Extract<Keyword, { kind: 'grain' }>; at: number } | undefined {
  if (i < 0 || draft.used(i)) return undefined;
  const grain = keywordKind(draft.state.chunks[i], 'grain');
  return grain === undefined || grain.line === true ? undefined : { grain, at: i };
}

/** Which words say the period: "busiest month" (right after), or "most orders in a single day" (later, after "in a"). */
function periodAfter(draft: Draft, extremeAt: number): { at: number; covers: number[]; adverb: boolean } | undefined {
  const { chunks } = draft.state;
  const next = nextMeaningful(draft.state, extremeAt);
  const right = grainAt(draft, next);
  // "the busiest month", "the highest monthly revenue": nothing between the word and the period.
  if (right !== undefined) return { at: right.at, covers: [extremeAt, right.at], adverb: right.grain.adverb };
  // "the most orders in a single day": the period after "in a single", within a few words.
  for (let k = next + 1; k > 0 && k < Math.min(chunks.length, extremeAt + 6); k++) {
    if (chunks[k]!.text !== 'in' && chunks[k]!.text !== 'on' && chunks[k]!.text !== 'during') continue;
    const between: number[] = [k];
    let j = k + 1;
    while (j < chunks.length && SINGLE_PERIOD_WORDS.has(chunks[j]!.text) && !draft.used(j)) between.push(j++);
    // A bare "in the month" or "in month" is the period named, not one period at a time.
    if (!between.some((b) => ['a', 'single', 'one', 'any'].includes(chunks[b]!.text))) return undefined;
    const period = grainAt(draft, j);
    if (period === undefined || period.grain.adverb) return undefined;
    return { at: j, covers: [extremeAt, ...between, j], adverb: false };
  }
  return undefined;
}

export const extremePeriod = defineRule({
  name: 'per-group.extreme-period',
  description: '"the busiest month\'s revenue", "the most orders in a single day", "the highest monthly revenue": the figure per period, then the largest (or smallest) of them.',
  examples: [
    { schema: 'shop', question: "What was the busiest month's revenue?", expect: 'aggregate orders: sum(orders.revenue) rollup max over orders.order_date/month' },
    { schema: 'shop', question: 'What is the most orders in a single day?', expect: 'aggregate orders: order_count rollup max over orders.order_date/day' },
    { schema: 'shop', question: 'What was the highest monthly revenue in 2025?', expect: 'aggregate orders: sum(orders.revenue) time order_date 2025-01-01..2026-01-01 rollup max over orders.order_date/month' },
    { schema: 'shop', question: 'Revenue in the slowest week', expect: 'aggregate orders: sum(orders.revenue) rollup min over orders.order_date/week' },
  ],
  counterExamples: [
    // Which period is asked for, not its figure: a ranking of months.
    { schema: 'shop', question: 'Which month had the highest revenue?', expect: 'aggregate orders: max(orders.revenue) by orders.order_date/month' },
    // The highest of a level (a price) per month is not a total per month: not rolled up.
    { schema: 'shop', question: 'What was the highest monthly price?', expect: 'clarify' },
    // No figure named: the busiest by what?
    { schema: 'shop', question: 'The slowest week', expect: 'decline' },
  ],
  startsFrom: ['keyword:grain'],
  read(draft) {
    const { chunks } = draft.state;
    // "which month", "what week": the period itself is asked for (a ranking), not its figure.
    const asksWhich = chunks.some((c, i) => (c.text === 'which' || c.text === 'what') && keywordKind(chunks[nextMeaningful(draft.state, i)], 'grain') !== undefined);
    if (asksWhich) return;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i)) continue;
      const extreme = extremeOf(chunks[i]);
      if (extreme === undefined) continue;
      const period = periodAfter(draft, i);
      if (period === undefined) continue;
      const grain = keywordKind(chunks[period.at], 'grain')!.grain;
      const text = period.covers.map((c) => chunks[c]!.text).join(' ');
      draft.propose({
        covers: period.covers,
        contributions: [
          { kind: 'group', group: { kind: 'grain', grain, fields: [] } },
          { kind: 'per-group', perGroup: { at: period.at, cue: 'average', grain, rollup: extreme } },
        ],
        reason: `"${text}" asks for the figure per ${grain}, then the ${extreme === 'max' ? 'largest' : 'smallest'} of them`,
      });
      return;
    }
  },
});
