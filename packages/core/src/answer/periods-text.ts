/**
 * Compared periods as one sentence, when the plan has one measure and no dimension: "Revenue was $120,400
 * this month, vs $98,200 last month (+22.6%)." The change is stated for two periods (first against second,
 * in plan order: the planner puts the period asked about first). A period without rows had no data: a
 * count reads 0, anything else "no data", never "$0".
 */
import { describeTimeRange } from './describe-plan';
import { formatChange, formatCount } from './format-number';
import type { ResultColumn } from './result-columns';
import { countPhrase, measureColumns, measureNumber, proseValue, type ShapeContext } from './shape-context';
import { joinList, phrase, sentenceSubject } from './text-utils';

export function periodsSentence(ctx: ShapeContext): string | undefined {
  const { plan } = ctx;
  const [measure] = measureColumns(ctx.columns);
  const period = ctx.columns.find((column): column is Extract<ResultColumn, { role: 'period' }> => column.role === 'period');
  if (plan.kind !== 'aggregate' || plan.comparePeriods === undefined || measure === undefined || period === undefined) return undefined;
  const { info } = measure;
  const values = plan.comparePeriods.map((range) => {
    const row = ctx.rows.find((r) => r[period.name] === range.label);
    const value = row === undefined ? null : measureNumber(row, measure);
    return { when: describeTimeRange(range, ctx.asOf).phrase, value: value === null && info.countNoun !== undefined ? 0 : value };
  });
  const [first, second, ...rest] = values;
  if (first === undefined || second === undefined) return undefined;
  const shown = (value: number | null): string => (value === null ? 'no data' : info.countNoun ? formatCount(value) : proseValue(ctx, value, info));
  const others = joinList([second, ...rest].map((v) => `${shown(v.value)} ${v.when}`));
  const change = rest.length === 0 && first.value !== null && second.value !== null && second.value !== 0 ? ` (${formatChange((first.value - second.value) / Math.abs(second.value))})` : '';
  const { filters } = ctx.description;
  if (info.countNoun !== undefined) {
    const count = first.value ?? 0;
    return `${phrase(`There ${count === 1 ? 'was' : 'were'} ${countPhrase(count, info)}`, ...filters, first.when)}, vs ${others}${change}.`;
  }
  return `${phrase(sentenceSubject(info.label), ...filters)} was ${shown(first.value)} ${first.when}, vs ${others}${change}.`;
}
