/**
 * How one result column's values are displayed. Resolved once per column from the semantic model, then
 * applied to every cell, so formatting a 1,000-row table does no model look-ups.
 */
import { assertNever, type TimeGrain } from '../plan/query-plan';
import type { Aggregation, ValueFormat } from '../semantic/model-schema';
import { formatNumber, type NumberStyle } from './format-number';
import { formatDateValue, formatPeriod } from './format-period';
import { toNumber, toText } from './to-number';

export type CellFormat =
  | { kind: 'number'; style: NumberStyle }
  | { kind: 'period'; grain: TimeGrain }
  | { kind: 'date' }
  | { kind: 'boolean' }
  /** Strings and identifiers: shown as they are (an order id 10234 must not become "10,234"). */
  | { kind: 'text' };

/** The number style for a model format; means and medians get fixed decimals unless money or percent. */
export function numberStyleFor(format: ValueFormat, aggregation?: Aggregation): NumberStyle {
  const averaged = aggregation === 'avg' || aggregation === 'median';
  switch (format) {
    case 'currency':
      return 'currency';
    case 'percent':
      return 'percent';
    case 'integer':
      return averaged ? 'average' : 'integer';
    case 'number':
    case 'date':
    case 'datetime':
    case 'text':
      return averaged ? 'average' : 'decimal';
    default:
      return assertNever(format, 'value format');
  }
}

/** How databases without a boolean type spell true ("1", "t", "T", "true", "yes", "y"). */
const TRUE_TEXT = new Set(['1', 't', 'true', 'y', 'yes']);

/** The display string of one raw cell; null becomes "" so tables never show "null". */
export function formatCell(raw: unknown, format: CellFormat, currency: string): string {
  if (raw === null || raw === undefined) return '';
  switch (format.kind) {
    case 'number': {
      const value = toNumber(raw);
      return value === null ? (toText(raw) ?? '') : formatNumber(value, format.style, currency);
    }
    case 'period':
      return formatPeriod(raw, format.grain);
    case 'date':
      return formatDateValue(raw);
    case 'boolean':
      return raw === true || raw === 1 || (typeof raw === 'string' && TRUE_TEXT.has(raw.trim().toLowerCase())) ? 'Yes' : 'No';
    case 'text':
      return toText(raw) ?? '';
    default:
      return assertNever(format, 'cell format');
  }
}

/**
 * The raw cell kept for machines (legacy `body`): numbers as numbers (PostgreSQL's numeric strings
 * included), everything else as text, null stays null.
 */
export function rawCell(raw: unknown, numeric: boolean): string | number | null {
  if (raw === null || raw === undefined) return null;
  if (numeric) return toNumber(raw) ?? toText(raw);
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'bigint') return Number(raw);
  if (typeof raw === 'boolean') return raw ? 'true' : 'false';
  return toText(raw);
}
