/** The one series a chart answer draws, with each point's raw key kept for chronological sorting. */
import type { DimensionColumn, MeasureColumn } from './shape-context';

export interface SeriesPoint {
  label: string;
  value: number;
  /** The raw dimension value ('2026-10'), which sorts chronologically where the label does not. */
  key: string;
}

export interface ChartSeries {
  dimension: DimensionColumn;
  measure: MeasureColumn;
  points: SeriesPoint[];
}
