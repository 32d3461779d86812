/**
 * "How many orders per customer", "average revenue per city", "how many orders does each customer place on
 * average": an average over groups (eval convention: over the groups that have at least one row), not a
 * breakdown. Only marks where the "per" is and how it was asked; the group itself is read by
 * detect-grouping, and build-per-group decides once the base entity and the measures are known.
 */
import { type Reading, keywordKind, nextMeaningful } from './reading';

const PER = new Set(['per', 'for every', 'every', 'each', 'for each', 'in each', 'by each']);

export function detectPerGroup(reading: Reading): void {
  const { chunks } = reading;
  const averageAt = chunks.findIndex((c, i) => !reading.used[i] && keywordKind(c, 'aggregate')?.aggregation === 'avg');
  const countAt = chunks.findIndex((c, i) => !reading.used[i] && keywordKind(c, 'aggregate')?.aggregation === 'count');
  const onAverage = averageAt > 0 && chunks[averageAt - 1]!.text === 'on';
  // "top five states by number of districts per state": with a ranking, "per" is a breakdown.
  if (chunks.some((c) => keywordKind(c, 'rank') !== undefined)) return;
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    if (reading.used[i] || keywordKind(chunk, 'group') === undefined || !PER.has(chunk.text)) continue;
    // "in each category" is a breakdown unless the question says "on average".
    if (chunk.text !== 'per' && !onAverage) continue;
    const cue = averageAt >= 0 ? 'average' : countAt >= 0 ? 'count' : 'none';
    const next = nextMeaningful(reading, i);
    const grain = keywordKind(chunks[next], 'grain');
    if (grain !== undefined) {
      // "average number of orders per day": an average over time buckets is not expressible yet.
      if (cue !== 'none') reading.problems.push(`an average per ${grain.grain} is not something I can compute yet`);
      return;
    }
    if (chunks[next]?.kind !== 'lex') continue;
    reading.perGroup = { at: next, cue };
    if (onAverage) {
      reading.used[averageAt - 1] = true;
      reading.used[averageAt] = true;
      reading.understood.push({ at: averageAt - 1, text: 'on average' });
    }
    return;
  }
}
