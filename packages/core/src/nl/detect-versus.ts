/**
 * Comparisons: "revenue this month vs last month", "compare orders in 2025 and 2024" (periods side by side)
 * and "laptop vs phone revenue", "compare revenue of Running and Cycling" (values side by side; the list of
 * values itself is read by detect-filters, which accepts "vs" as a joiner).
 */
import { type Reading, consume, isNoise, keywordKind } from './reading';

export function detectVersus(reading: Reading): void {
  const { chunks } = reading;
  const versus = chunks.flatMap((c, i) => (!reading.used[i] && keywordKind(c, 'versus') !== undefined ? [i] : []));
  if (versus.length === 0) return;
  const times = chunks.flatMap((c, i) => (!reading.used[i] && c.kind === 'time' ? [i] : []));
  if (times.length >= 2) {
    const first = times[0]!;
    const last = times.at(-1)!;
    const used = [...versus, ...times];
    // "last week and this week", "2025 vs 2024": the joiners between the periods belong to the comparison.
    for (let i = first + 1; i < last; i++) {
      if (!reading.used[i] && (keywordKind(chunks[i], 'and') !== undefined || chunks[i]!.text === 'or' || isNoise(chunks[i]))) used.push(i);
    }
    for (const i of times) {
      const chunk = chunks[i]!;
      if (chunk.kind === 'time') reading.periods.push(chunk.range);
    }
    reading.versus = true;
    consume(reading, [...new Set(used)].sort((a, b) => a - b));
    return;
  }
  const listed = reading.filters.some((f) => f.kind === 'values' && !f.negate && f.choices.some((c) => c.values.length >= 2));
  if (listed) {
    reading.versus = true;
    consume(reading, versus);
  }
}
