/**
 * One error type for the whole core, with a stable code. Apps map codes to HTTP statuses in one place
 * (see `httpStatusFor`), so no layer below the HTTP edge ever thinks in status numbers.
 */
export const coreErrorCodes = [
  'VALIDATION', // bad input shape (request body, CLI args)
  'CONTEXT_MISSING', // a required tenancy context value is missing, null or empty
  'CONTEXT_INVALID', // a context value has a type that cannot be used as a scope
  'MODEL_INVALID', // the semantic model file is wrong
  'CONFIG_INVALID', // the environment / start-up configuration is wrong
  'PLAN_INVALID', // a query plan does not fit the semantic model
  'SCOPE_VIOLATION', // a plan touches a table that is neither scoped nor shared
  'TENANT_UNKNOWN', // the caller's tenant has no schema or database (never had one, or it was removed)
  'UNAUTHORIZED', // no or wrong credentials
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'QUERY_TIMEOUT', // the data source did not answer within the statement timeout
  'DATASOURCE_UNAVAILABLE', // the data source or store cannot be reached
  'INTERNAL',
] as const;

export type CoreErrorCode = (typeof coreErrorCodes)[number];

/** One problem inside a validation failure, e.g. `{ path: "context.orgId", message: "is required" }`. */
export interface ErrorIssue {
  path: string;
  message: string;
}

export class CoreError extends Error {
  readonly code: CoreErrorCode;
  readonly issues: readonly ErrorIssue[];
  /** Extra machine-readable facts safe to show a caller (never secrets, never SQL). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: CoreErrorCode, message: string, options: { issues?: ErrorIssue[]; details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CoreError';
    this.code = code;
    this.issues = options.issues ?? [];
    this.details = options.details ?? {};
  }
}

export function isCoreError(error: unknown): error is CoreError {
  return error instanceof CoreError;
}

const statusByCode: Record<CoreErrorCode, number> = {
  VALIDATION: 400,
  CONTEXT_MISSING: 400,
  CONTEXT_INVALID: 400,
  MODEL_INVALID: 500,
  CONFIG_INVALID: 500,
  PLAN_INVALID: 422,
  SCOPE_VIOLATION: 403,
  TENANT_UNKNOWN: 403,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  QUERY_TIMEOUT: 504,
  DATASOURCE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export function httpStatusFor(code: CoreErrorCode): number {
  return statusByCode[code];
}

/**
 * The one TENANT_UNKNOWN error: the same words whether the tenant never existed or was removed, and no
 * schema, file or database name in them, so the answer tells a caller nothing about other tenants.
 */
export function tenantUnknownError(cause?: unknown): CoreError {
  return new CoreError('TENANT_UNKNOWN', 'No data is held for this tenant context.', cause === undefined ? {} : { cause });
}
