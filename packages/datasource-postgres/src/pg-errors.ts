/** Maps pg and network errors onto stable core codes; messages never carry SQL or credentials. */
import { CoreError, databaseNameOfUrl } from '@askdata/core';

const unavailableCodes = new Set(['57P01', '57P02', '57P03', '53300', '3D000', '28P01', '28000', 'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE']);

export function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return '';
}

export function isConnectionError(error: unknown): boolean {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : '';
  return unavailableCodes.has(code) || code.startsWith('08') || /connection terminated|timeout exceeded when trying to connect|Connection terminated/i.test(message);
}

/**
 * 3D000: the database the URL names does not exist. The service's tenant router reads this to answer
 * TENANT_UNKNOWN for a tenant whose database is gone; for the one configured data source it stays an outage.
 */
export function unavailableDetails(error: unknown, description: string): Record<string, unknown> {
  return { ...(errorCode(error) === '3D000' ? { missing: 'database' } : {}), ...dataSourceName(description) };
}

/** The database's name, which a 503 repeats to the caller (core's unavailable-names.ts says why only names). */
export function dataSourceName(description: string): { dataSource?: string } {
  const name = databaseNameOfUrl(description);
  return name === undefined ? {} : { dataSource: name };
}

export function toCoreError(error: unknown, description: string, timeoutMs: number): CoreError {
  if (error instanceof CoreError) return error;
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === '57014') return new CoreError('QUERY_TIMEOUT', `The query did not finish within ${timeoutMs} ms.`, { details: { timeoutMs }, cause: error });
  if (isConnectionError(error)) return new CoreError('DATASOURCE_UNAVAILABLE', `PostgreSQL data source ${description} is unavailable: ${message}`, { details: unavailableDetails(error, description), cause: error });
  if (code === '25006') return new CoreError('FORBIDDEN', 'Only read-only queries may run.', { cause: error });
  // The model names a table or column the database does not have (dropped, renamed, another database): an outage, not a bug.
  if (code === '42P01' || code === '42703') return new CoreError('DATASOURCE_UNAVAILABLE', `PostgreSQL data source ${description} does not hold the model's tables: ${message}`, { details: dataSourceName(description), cause: error });
  return new CoreError('INTERNAL', `PostgreSQL query failed: ${message}`, { details: { driverCode: code }, cause: error });
}
