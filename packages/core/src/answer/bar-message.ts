/**
 * The message under a bar chart: who leads, by how much, out of what. "Laptop leads with $2.1M (40%) of
 * $5.3M revenue across 6 categories in 2025." Totals and shares only make sense for sums and counts; for
 * averages, minimums and maximums the message names the highest and lowest instead.
 */
import type { ChartSeries, SeriesPoint } from './chart-series';
import { comparisonMessage } from './comparison-message';
import { formatCount, formatNumber } from './format-number';
import { proseValue, type ShapeContext } from './shape-context';
import { phrase, pluralize } from './text-utils';

function extremes(points: readonly SeriesPoint[]): { top: SeriesPoint; bottom: SeriesPoint } | undefined {
  const [first] = points;
  if (first === undefined) return undefined;
  let top = first;
  let bottom = first;
  for (const point of points) {
    if (point.value > top.value) top = point;
    if (point.value < bottom.value) bottom = point;
  }
  return { top, bottom };
}

export function barMessage(ctx: ShapeContext, series: ChartSeries): string {
  const comparison = comparisonMessage(ctx, series);
  if (comparison !== undefined) return comparison;
  const { info } = series.measure;
  const { filters, period } = ctx.description;
  // A HAVING condition decides which groups are counted and summed, so the message says it beside them.
  const having = ctx.description.having ?? [];
  const found = extremes(series.points);
  if (found === undefined) return '';
  const { top, bottom } = found;
  const value = (n: number): string => proseValue(ctx, n, info);
  const groupNoun = series.dimension.info.label;
  const amountNoun = info.countNoun?.plural ?? info.label;
  const count = series.points.length;
  if (count === 1) {
    const only = having.length > 0 ? phrase(`${top.label} is the only ${groupNoun}`, ...having) : `${top.label} is the only ${groupNoun} with ${amountNoun}`;
    return `${phrase(only, ...filters, period)}: ${value(top.value)}.`;
  }
  const groups = phrase(`across ${formatCount(count)} ${pluralize(groupNoun)}`, ...having);
  const total = series.points.reduce((sum, point) => sum + point.value, 0);
  if (info.additive && bottom.value >= 0 && total > 0) {
    const share = formatNumber(top.value / total, 'percent', ctx.model.currency);
    return `${phrase(`${top.label} leads with ${value(top.value)} (${share}) of ${value(total)} ${amountNoun}`, groups, ...filters, period)}.`;
  }
  return `${phrase(`${top.label} has the highest ${info.label} at ${value(top.value)}`, ...filters, period)}; ${bottom.label} the lowest at ${value(bottom.value)}, ${groups}.`;
}
