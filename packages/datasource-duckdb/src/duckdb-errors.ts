/** Maps DuckDB's errors onto stable core codes; messages keep DuckDB's first line, never the SQL it quotes. */
import { CoreError } from '@askdata/core';

/**
 * DuckDB's own message ("Permission Error: ..."). Errors from the native binding may come from another
 * realm (Jest's VM context), where `instanceof Error` is false, so the message is read structurally.
 */
export function driverMessage(error: unknown): string {
  const message = typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : String(error);
  return message.replace(/^Error: /, '');
}

const firstLine = (message: string): string => message.split('\n')[0] ?? message;

export function toCoreError(error: unknown, description: string): CoreError {
  if (error instanceof CoreError) return error;
  const message = driverMessage(error);
  if (/^(Catalog Error: Table|Binder Error: Referenced column)/.test(message)) {
    return new CoreError('DATASOURCE_UNAVAILABLE', `DuckDB data source ${description} does not hold the model's tables: ${firstLine(message)}`, { cause: error });
  }
  // External access is off (duckdb-open.ts): a query naming any other file or URL ends here.
  if (/^Permission Error/.test(message)) return new CoreError('FORBIDDEN', `The query may read only the data source's own files: ${firstLine(message)}`, { cause: error });
  if (/read-only|Cannot execute statement of type/i.test(firstLine(message))) return new CoreError('FORBIDDEN', `Only read-only queries may run: ${firstLine(message)}`, { cause: error });
  return new CoreError('INTERNAL', `DuckDB query failed: ${firstLine(message)}`, { cause: error });
}
