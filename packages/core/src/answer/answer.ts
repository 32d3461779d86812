/**
 * The answer core produces, richer than either HTTP generation needs; @askdata/contract maps it to each
 * wire shape (toV1Answer, toLegacyAnswer). Core itself knows no wire shape.
 */
export type AnswerType = 'text' | 'chart' | 'table';

export interface ChartPoint {
  label: string;
  value: number;
}

export interface AnswerChart {
  type: 'line' | 'bar';
  title: string;
  xLabel: string;
  yLabel: string;
  data: ChartPoint[];
}

export interface AnswerTableColumn {
  name: string; // machine name (alias in SQL)
  label: string; // header shown to people
  kind: 'string' | 'number' | 'date';
}

export interface AnswerTable {
  title: string;
  columns: AnswerTableColumn[];
  /** Raw cells: numbers stay numbers (legacy `body`). */
  rows: (string | number | null)[][];
  /** The same cells formatted for display (v1 `rows`): thousands separators, currency, dates. */
  displayRows: string[][];
}

export interface CoreAnswer {
  type: AnswerType;
  message: string;
  chart?: AnswerChart;
  table?: AnswerTable;
}
