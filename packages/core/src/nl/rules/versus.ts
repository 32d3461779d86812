/**
 * Comparisons: "revenue this month vs last month", "compare orders in 2025 and 2024" (periods side by side)
 * and "laptop vs phone revenue", "compare revenue of Running and Cycling" (values side by side; the list of
 * values itself is read by rules/values.ts, which takes "vs" as a joiner).
 */
import { isNoise, keywordKind } from '../lex/chunk-queries';
import type { Contribution } from '../kernel/candidate';
import { defineRule } from './define-rule';

export const comparedPeriods = defineRule({
  name: 'versus.periods',
  description: '"this month vs last month", "compare 2025 and 2024": two or more periods and a comparison word put the periods side by side.',
  examples: [{ schema: 'shop', question: 'How many orders this month vs last month?', expect: 'aggregate orders: order_count periods 2026-06-01..2026-07-01 | 2026-05-01..2026-06-01' }],
  counterExamples: [{ schema: 'shop', question: 'How many orders last month?', expect: 'aggregate orders: order_count time order_date 2026-05-01..2026-06-01' }],
  startsFrom: ['keyword:versus'],
  read(draft) {
    const { chunks } = draft.state;
    const versus = chunks.flatMap((c, i) => (!draft.used(i) && keywordKind(c, 'versus') !== undefined ? [i] : []));
    if (versus.length === 0) return;
    const times = chunks.flatMap((c, i) => (!draft.used(i) && c.kind === 'time' ? [i] : []));
    if (times.length < 2) return;
    const first = times[0]!;
    const last = times.at(-1)!;
    const covers = [...versus, ...times];
    // "last week and this week", "2025 vs 2024": the joiners between the periods belong to the comparison.
    for (let i = first + 1; i < last; i++) {
      if (!draft.used(i) && (keywordKind(chunks[i], 'and') !== undefined || chunks[i]!.text === 'or' || isNoise(chunks[i]))) covers.push(i);
    }
    const contributions: Contribution[] = times.flatMap((i) => {
      const chunk = chunks[i]!;
      return chunk.kind === 'time' ? [{ kind: 'period' as const, range: chunk.range }] : [];
    });
    contributions.push({ kind: 'mark', mark: 'versus', value: true });
    draft.propose({ covers, contributions, reason: `${times.length} periods compared side by side` });
  },
});

export const comparedValues = defineRule({
  name: 'versus.values',
  description: '"laptop vs phone revenue": a comparison word with a list of two or more values puts the values side by side.',
  examples: [{ schema: 'shop', question: 'Compare the number of orders of laptops and tablets', expect: 'aggregate orders: order_count by products.category where products.category in Laptop|Tablet' }],
  counterExamples: [{ schema: 'shop', question: 'Compare revenue', expect: 'decline' }],
  startsFrom: ['keyword:versus'],
  read(draft) {
    const { chunks } = draft.state;
    const versus = chunks.flatMap((c, i) => (!draft.used(i) && keywordKind(c, 'versus') !== undefined ? [i] : []));
    if (versus.length === 0) return;
    const listed = draft.state.filters.some((f) => f.kind === 'values' && !f.negate && f.choices.some((c) => c.values.length >= 2));
    if (listed) draft.propose({ covers: versus, contributions: [{ kind: 'mark', mark: 'versus', value: true }], reason: 'a comparison word with a list of values compares them side by side' });
  },
});
