/**
 * "Laptop vs Phone": a breakdown restricted by an `in` filter to 2-4 values of its own dimension, and not
 * a ranking, is a comparison, so the bar chart's message compares rather than ranks: "Laptop brought in
 * $2.1M, Phone $1.8M last month (Laptop +16.7%)." With 3-4 values the change is leader over runner-up.
 */
import { isRanking } from './choose-shape';
import type { ChartSeries } from './chart-series';
import { formatChange, formatCount } from './format-number';
import { proseValue, type ShapeContext } from './shape-context';
import { phrase } from './text-utils';

function comparedFilterIndex(ctx: ShapeContext): number {
  const { plan } = ctx;
  if (plan.kind !== 'aggregate' || plan.comparePeriods !== undefined || isRanking(plan)) return -1;
  const [dimension] = plan.dimensions;
  if (plan.dimensions.length !== 1 || dimension === undefined || dimension.grain !== undefined) return -1;
  return plan.filters.findIndex((filter) => filter.op === 'in' && filter.values.length >= 2 && filter.values.length <= 4
    && filter.field.entity === dimension.field.entity && filter.field.field === dimension.field.field);
}

export function comparisonMessage(ctx: ShapeContext, series: ChartSeries): string | undefined {
  const index = comparedFilterIndex(ctx);
  if (index < 0 || series.points.length < 2) return undefined;
  const { info } = series.measure;
  const points = [...series.points].sort((a, b) => b.value - a.value);
  const [top, second] = points;
  if (top === undefined || second === undefined) return undefined;
  const amount = (value: number): string => (info.countNoun ? formatCount(value) : proseValue(ctx, value, info));
  const cell = info.cell;
  const lead = info.countNoun
    ? `${top.label} had ${formatCount(top.value)} ${top.value === 1 ? info.countNoun.singular : info.countNoun.plural}`
    : cell.kind === 'number' && cell.style === 'currency' && info.additive
      ? `${top.label} brought in ${amount(top.value)}`
      : `${top.label} had ${info.label} of ${amount(top.value)}`;
  const rest = points.slice(1).map((point) => `${point.label} ${amount(point.value)}`);
  const filters = ctx.description.filters.filter((_, i) => i !== index);
  const head = phrase([lead, ...rest].join(', '), ...filters, ctx.description.period);
  if (second.value <= 0 || top.value === second.value) return `${head}.`;
  const change = formatChange((top.value - second.value) / second.value);
  return `${head} (${top.label} ${change}${points.length > 2 ? ` on ${second.label}` : ''}).`;
}
