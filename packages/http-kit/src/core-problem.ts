/**
 * CoreError -> HttpProblem, through core's one code-to-status map (`httpStatusFor`). Client errors keep
 * core's message (core writes them for callers); server-side codes get a fixed detail, because their
 * messages may name files, hosts or SQL.
 */
import { httpStatusFor, unavailableNames, type CoreError, type CoreErrorCode } from '@askdata/core';
import { HttpProblem } from './problem';

const titles: Record<CoreErrorCode, string> = {
  VALIDATION: 'Request validation failed',
  CONTEXT_MISSING: 'Context value missing',
  CONTEXT_INVALID: 'Context value invalid',
  MODEL_INVALID: 'Internal server error',
  CONFIG_INVALID: 'Internal server error',
  PLAN_INVALID: 'Question could not be planned',
  SCOPE_VIOLATION: 'Data outside your scope',
  TENANT_UNKNOWN: 'Unknown tenant',
  UNAUTHORIZED: 'Unauthorized',
  FORBIDDEN: 'Forbidden',
  NOT_FOUND: 'Not found',
  CONFLICT: 'Conflict',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  RATE_LIMITED: 'Too many requests',
  QUERY_TIMEOUT: 'Query timed out',
  DATASOURCE_UNAVAILABLE: 'Data source unavailable',
  INTERNAL: 'Internal server error',
};

const serverDetails: Partial<Record<CoreErrorCode, string>> = {
  QUERY_TIMEOUT: 'The data source did not answer in time. Try a narrower question.',
  DATASOURCE_UNAVAILABLE: 'The data source cannot be reached right now. Try again shortly.',
};

/** Slugs of the problems that carry a core code, e.g. CONTEXT_MISSING -> "context-missing". */
export function slugForCode(code: CoreErrorCode): string {
  return code.toLowerCase().replace(/_/g, '-');
}

export function problemFromCoreError(error: CoreError): HttpProblem {
  const status = httpStatusFor(error.code);
  const isServerSide = status >= 500;
  if (isServerSide && serverDetails[error.code] === undefined) {
    return new HttpProblem(500, 'internal', titles.INTERNAL, 'An unexpected error occurred.');
  }
  const extensions: Record<string, unknown> = { code: error.code };
  let detail = isServerSide ? (serverDetails[error.code] ?? '') : error.message;
  if (error.code === 'DATASOURCE_UNAVAILABLE') {
    // Names only (the database, the shard), never the driver's message: that may carry a host or a user.
    const names = unavailableNames(error.details);
    Object.assign(extensions, names);
    detail = unavailableDetail(names) ?? detail;
  }
  if (!isServerSide && Object.keys(error.details).length > 0) extensions.details = error.details;
  return new HttpProblem(status, slugForCode(error.code), titles[error.code], detail, {
    issues: [...error.issues],
    extensions,
    ...(status === 503 ? { headers: { 'Retry-After': '5' } } : {}),
  });
}

/** "The data source "warehouse" cannot be reached right now (its shard "shard_2" does not answer). …", or undefined without a name. */
function unavailableDetail(names: { dataSource?: string; shard?: string }): string | undefined {
  if (names.dataSource === undefined && names.shard === undefined) return undefined;
  const source = names.dataSource === undefined ? 'The data source' : `The data source "${names.dataSource}"`;
  const shard = names.shard === undefined ? '' : ` (its shard "${names.shard}" does not answer)`;
  return `${source} cannot be reached right now${shard}. Try again shortly.`;
}
