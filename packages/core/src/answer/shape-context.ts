/**
 * Everything the answer builders share for one result: the plan, its restatement, the bound columns and
 * the rows, plus the few formatting helpers they all need. Built once by shapeAnswer.
 */
import type { QueryPlan } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import type { AsOf } from '../time/partial-period';
import { formatCell } from './cell-format';
import type { PlanDescription } from './describe-plan';
import { formatCount, formatProseNumber } from './format-number';
import type { MeasureInfo } from './resolve-refs';
import type { ResultColumn } from './result-columns';
import { toNumber } from './to-number';

export type ResultRow = Readonly<Record<string, unknown>>;
export type MeasureColumn = Extract<ResultColumn, { role: 'measure' }>;
export type DimensionColumn = Extract<ResultColumn, { role: 'dimension' }>;

export interface ShapeContext {
  plan: QueryPlan;
  model: SemanticModel;
  description: PlanDescription;
  columns: ResultColumn[];
  rows: readonly ResultRow[];
  /** When and where the question was asked, so a period still running can say so. */
  asOf?: AsOf;
}

export function measureColumns(columns: readonly ResultColumn[]): MeasureColumn[] {
  return columns.filter((column): column is MeasureColumn => column.role === 'measure');
}

export function dimensionColumns(columns: readonly ResultColumn[]): DimensionColumn[] {
  return columns.filter((column): column is DimensionColumn => column.role === 'dimension');
}

/** A cell as tables show it (full precision). */
export function displayValue(ctx: ShapeContext, row: ResultRow, column: ResultColumn): string {
  return formatCell(row[column.name], column.cell, ctx.model.currency);
}

/** A measure value as running text shows it: "$2.1M", "1,284", "4.21". */
export function proseValue(ctx: ShapeContext, value: number, info: MeasureInfo): string {
  return info.cell.kind === 'number' ? formatProseNumber(value, info.cell.style, ctx.model.currency) : String(value);
}

/**
 * A measure's number, or null for no data. A count over no rows is a real zero, but SUM/AVG over no rows
 * is NULL in SQL and must not read as "$0".
 */
export function measureNumber(row: ResultRow, column: MeasureColumn): number | null {
  const value = toNumber(row[column.name]);
  if (value === null && column.info.countNoun !== undefined && column.info.aggregation === 'count') return 0;
  return value;
}

/** "1,284 orders", "1 order". */
export function countPhrase(count: number, info: MeasureInfo): string {
  const noun = info.countNoun ?? { singular: info.label, plural: info.label };
  return `${formatCount(count)} ${count === 1 ? noun.singular : noun.plural}`;
}
