/**
 * Reads what a caller sees back into comparable cells. A v1 table holds display strings ("$1,234.50",
 * "1,284", "15.3%", "October 2026", "3 Nov 2026"), so the judge must compare those with the gold query's
 * raw values. Numbers are parsed back from their display form; gold dates and periods are put through the
 * same formatters the answer uses, so "2026-10" (gold month) and "October 2026" (shown) compare equal,
 * while a wrong month still differs.
 */
import { formatDateValue, formatPeriod } from '@askdata/core';
import { normaliseCell, roundTo2, type Cell } from './normalise-cell';

const DISPLAY_NUMBER = /^(-)?([$€£])?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(%)?$/;
const GOLD_MONTH = /^\d{4}-\d{2}$/;
const GOLD_QUARTER = /^\d{4}-?Q[1-4]$/i;
const GOLD_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A display string as a cell: numbers (with separators, currency or percent signs) become numbers. */
export function displayedCell(text: string): Cell {
  const trimmed = text.trim().replace(/^week of /, '');
  if (trimmed === '') return null;
  // Booleans are shown as Yes / No; gold queries hold them as 1/0, t/f or true/false (see goldCell).
  if (trimmed === 'Yes' || trimmed === 'No') return trimmed === 'Yes' ? 1 : 0;
  // goldCell reads a gold "T"/"F" as a boolean; the same letters shown (a sex code "F") must read the same way.
  if (trimmed === 'T' || trimmed === 'F') return trimmed === 'T' ? 1 : 0;
  const match = DISPLAY_NUMBER.exec(trimmed);
  if (match === null) return trimmed;
  const [, sign, , whole, fraction] = match;
  return roundTo2(Number(`${sign ?? ''}${(whole ?? '').replace(/,/g, '')}${fraction ?? ''}`));
}

/** A gold value in the form the answer would display it (dates and grouped periods), else as a plain cell. */
export function goldCell(value: unknown): Cell {
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^(true|false|T|F)$/.test(text)) return /^[tT]/.test(text) ? 1 : 0;
    if (GOLD_MONTH.test(text)) return formatPeriod(text, 'month');
    if (GOLD_QUARTER.test(text)) return formatPeriod(text, 'quarter');
    if (GOLD_DATE.test(text)) return formatDateValue(text);
  }
  return normaliseCell(value);
}
