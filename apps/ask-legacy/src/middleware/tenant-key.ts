/**
 * The caller's tenant key (canonical JSON of the applied context values, e.g. `{"orgId":1}`), kept on
 * res.locals once the body is parsed, for the per-organisation rate limit and the access log.
 */
import type { Response } from 'express';

const TENANT_KEY = 'tenantKey';

/** The key of an unscoped model (TENANCY=none): every caller shares it, so it is no organisation. */
const NO_TENANT = '{}';

export function setTenantKey(res: Response, tenantKey: string): void {
  res.locals[TENANT_KEY] = tenantKey;
}

export function tenantKeyOrNull(res: Response): string | null {
  const value: unknown = res.locals[TENANT_KEY];
  return typeof value === 'string' && value !== NO_TENANT ? value : null;
}
