/** Maps mysql2 and network errors onto stable core codes; messages never carry SQL or credentials. */
import { CoreError, databaseNameOfUrl } from '@askdata/core';

/**
 * MariaDB's max_statement_time, MySQL's max_execution_time, a query killed by the timeout backstop, and a
 * Spider backend that did not answer within the statement's limit (1159, spider_net_read_timeout).
 */
const TIMEOUT_ERRNOS = new Set([1969, 3024, 1317, 1159]);
/**
 * Unknown database, access denied, too many connections, server gone or restarting; and a Spider backend
 * lost in the middle of a statement: 1158 (the backend stopped while Spider read its answer) and 12701
 * ("Remote MariaDB server has gone away"), which name no backend.
 */
const UNAVAILABLE_ERRNOS = new Set([1049, 1044, 1045, 1040, 1053, 1927, 2002, 2003, 2006, 2013, 1158, 12701]);
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE', 'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT', 'ER_CON_COUNT_ERROR']);
/** Writes refused: a read-only transaction (1792) or server (1290), or a user without the privilege. */
const READ_ONLY_ERRNOS = new Set([1792, 1290, 1142, 1227]);
/** The model names a table or column the database does not have: an outage, not a bug. */
const MISSING_OBJECT_ERRNOS = new Set([1146, 1054]);

/**
 * Spider could not reach a backend: 1429 (ER_CONNECT_TO_FOREIGN_DATA_SOURCE) names the Spider server it
 * tried, "Unable to connect to foreign data source: shard_2", after Spider's own retries.
 */
const SHARD_UNREACHABLE_ERRNO = 1429;
const SHARD_NAME = /foreign data source:\s*(\S+)\s*$/i;

/** The Spider server a "cannot reach a backend" error names (a name from CREATE SERVER, never a host). */
export function unreachableShard(error: unknown): string | undefined {
  if (errnoOf(error) !== SHARD_UNREACHABLE_ERRNO) return undefined;
  const message = error instanceof Error ? error.message : '';
  return SHARD_NAME.exec(message)?.[1];
}

function field(error: unknown, name: 'errno' | 'code' | 'fatal'): unknown {
  return typeof error === 'object' && error !== null && name in error ? (error as Record<string, unknown>)[name] : undefined;
}

export function errnoOf(error: unknown): number {
  const errno = field(error, 'errno');
  return typeof errno === 'number' ? errno : 0;
}

export function isConnectionError(error: unknown): boolean {
  const code = field(error, 'code');
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (field(error, 'fatal') === true) return true;
  return UNAVAILABLE_ERRNOS.has(errnoOf(error));
}

/**
 * 1049 (unknown database) and 1044 (no access to it, which is what a user granted only other databases
 * gets for a database that does not exist): the service's tenant router answers TENANT_UNKNOWN on these.
 */
export function unavailableDetails(error: unknown, description: string): Record<string, unknown> {
  return { ...(errnoOf(error) === 1049 || errnoOf(error) === 1044 ? { missing: 'database' } : {}), ...dataSourceName(description) };
}

/** The database's name, which a 503 repeats to the caller (core's unavailable-names.ts says why only names). */
export function dataSourceName(description: string): { dataSource?: string } {
  const name = databaseNameOfUrl(description);
  return name === undefined ? {} : { dataSource: name };
}

export function toCoreError(error: unknown, description: string, timeoutMs: number): CoreError {
  if (error instanceof CoreError) return error;
  const errno = errnoOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (TIMEOUT_ERRNOS.has(errno)) return new CoreError('QUERY_TIMEOUT', `The query did not finish within ${timeoutMs} ms.`, { details: { timeoutMs }, cause: error });
  if (errno === SHARD_UNREACHABLE_ERRNO) {
    const shard = unreachableShard(error);
    const details = { ...dataSourceName(description), ...(shard === undefined ? {} : { shard }) };
    return new CoreError('DATASOURCE_UNAVAILABLE', `MySQL data source ${description} cannot reach ${shard === undefined ? 'one of its Spider backends' : `its Spider backend ${shard}`}.`, { details, cause: error });
  }
  if (isConnectionError(error)) return new CoreError('DATASOURCE_UNAVAILABLE', `MySQL data source ${description} is unavailable: ${message}`, { details: unavailableDetails(error, description), cause: error });
  if (READ_ONLY_ERRNOS.has(errno)) return new CoreError('FORBIDDEN', 'Only read-only queries may run.', { cause: error });
  if (MISSING_OBJECT_ERRNOS.has(errno)) return new CoreError('DATASOURCE_UNAVAILABLE', `MySQL data source ${description} does not hold the model's tables: ${message}`, { details: dataSourceName(description), cause: error });
  return new CoreError('INTERNAL', `MySQL query failed: ${message}`, { details: { driverCode: errno }, cause: error });
}
