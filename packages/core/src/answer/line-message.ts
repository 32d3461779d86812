/**
 * The message under a line chart: where the series started and ended, the change, and the peak when it
 * falls in between. "Revenue over the last 12 months rose from $120,400 in November 2025 to $180,230 in
 * October 2026 (+49.7%), peaking at $250,100 in December 2025."
 */
import type { ChartSeries, SeriesPoint } from './chart-series';
import { formatChange } from './format-number';
import { formatPeriodInProse } from './format-period';
import { proseValue, type ShapeContext } from './shape-context';
import { phrase, sentenceSubject } from './text-utils';

function peakOf(points: readonly SeriesPoint[]): SeriesPoint | undefined {
  return points.reduce<SeriesPoint | undefined>((best, point) => (best === undefined || point.value > best.value ? point : best), undefined);
}

export function lineMessage(ctx: ShapeContext, series: ChartSeries): string {
  const { info } = series.measure;
  const grain = series.dimension.info.grain ?? 'day';
  const { filters, period } = ctx.description;
  const value = (n: number): string => proseValue(ctx, n, info);
  const when = (point: SeriesPoint): string => formatPeriodInProse(point.key, grain);
  const subject = phrase(sentenceSubject(info.label), ...filters, period);
  const first = series.points[0];
  const last = series.points[series.points.length - 1];
  if (first === undefined || last === undefined) return '';
  if (first === last) return `${subject} was ${value(first.value)} ${when(first)}.`;
  if (first.value === last.value) return `${subject} was unchanged at ${value(first.value)} from ${first.label} to ${last.label}.`;
  const verb = last.value > first.value ? 'rose' : 'fell';
  const change = first.value === 0 ? '' : ` (${formatChange((last.value - first.value) / Math.abs(first.value))})`;
  const peak = peakOf(series.points);
  const peakNote = peak === undefined || peak === first || peak === last ? '' : `, peaking at ${value(peak.value)} ${when(peak)}`;
  return `${subject} ${verb} from ${value(first.value)} ${when(first)} to ${value(last.value)} ${when(last)}${change}${peakNote}.`;
}
