/** Shared by every data source: refuse an impossible cap, and cut the extra row that signals truncation. */
import { CoreError } from '../errors/core-error';
import type { ExecuteOptions, QueryResult } from './data-source';

export function checkExecuteOptions(options: ExecuteOptions): void {
  if (!Number.isInteger(options.maxRows) || options.maxRows < 1) throw new CoreError('INTERNAL', `maxRows must be a positive integer, got ${options.maxRows}.`);
  if (!Number.isInteger(options.timeoutMs) || options.timeoutMs < 1) throw new CoreError('INTERNAL', `timeoutMs must be a positive integer, got ${options.timeoutMs}.`);
}

/** `rows` may hold up to maxRows + 1 rows; the extra one only proves that more existed. */
export function capRows(rows: Record<string, unknown>[], maxRows: number): QueryResult {
  return rows.length > maxRows ? { rows: rows.slice(0, maxRows), truncated: true } : { rows, truncated: false };
}
