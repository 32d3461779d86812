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

/** What the problem body may say about the data source: its database's name, never a host or a password. */
export function databaseName(url: string): string {
  return databaseNameOfUrl(url) ?? 'postgres';
}

/**
 * postgres_fdw names the foreign server it could not reach (SQLSTATE 08001, `could not connect to server
 * "shard_1"`, its libpq error with host and port in the detail): on a sharded warehouse, the shard that is
 * down. A shard lost in the middle of a query comes back as the remote's own connection error (08006,
 * "remote SQL command" in its context) without the server's name: then no shard is named.
 */
const UNREACHABLE_FOREIGN_SERVER = /^could not connect to server "((?:[^"]|"")*)"/;

export function unreachableShard(error: unknown): string | undefined {
  if (errorCode(error) !== '08001' || !(error instanceof Error)) return undefined;
  return UNREACHABLE_FOREIGN_SERVER.exec(error.message)?.[1]?.replace(/""/g, '"');
}

/**
 * Details of DATASOURCE_UNAVAILABLE: `dataSource` (the database's name), `shard` when a foreign server
 * is what could not be reached, and `missing: 'database'` for 3D000, the database the URL names does not
 * exist (the service's tenant router reads that to answer TENANT_UNKNOWN for a tenant whose database is
 * gone; for the one configured data source it stays an outage).
 */
export function unavailableDetails(error: unknown, dataSource: string): Record<string, unknown> {
  const shard = unreachableShard(error);
  return { dataSource, ...(shard === undefined ? {} : { shard }), ...(errorCode(error) === '3D000' ? { missing: 'database' } : {}) };
}

export interface PgSource {
  /** The URL without its password, for messages (logs). */
  description: string;
  /** The database's name, for details a caller may see. */
  dataSource: string;
}

export function toCoreError(error: unknown, source: PgSource, timeoutMs: number): CoreError {
  if (error instanceof CoreError) return error;
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === '57014') return new CoreError('QUERY_TIMEOUT', `The query did not finish within ${timeoutMs} ms.`, { details: { timeoutMs }, cause: error });
  if (isConnectionError(error)) return new CoreError('DATASOURCE_UNAVAILABLE', `PostgreSQL data source ${source.description} is unavailable: ${message}`, { details: unavailableDetails(error, source.dataSource), cause: error });
  if (code === '25006') return new CoreError('FORBIDDEN', 'Only read-only queries may run.', { cause: error });
  // The model names a table or column the database does not have (dropped, renamed, another database): an outage, not a bug.
  if (code === '42P01' || code === '42703') return new CoreError('DATASOURCE_UNAVAILABLE', `PostgreSQL data source ${source.description} does not hold the model's tables: ${message}`, { details: { dataSource: source.dataSource }, cause: error });
  return new CoreError('INTERNAL', `PostgreSQL query failed: ${message}`, { details: { driverCode: code }, cause: error });
}
