/**
 * Outages of the service's own store. http-kit does not depend on @askdata/db, so the store's
 * StoreUnavailableError is recognised by its stable code; it becomes a retryable 503 (never a 500, which
 * would page someone for a database restart and tell the client nothing).
 */
import { HttpProblem } from './problem';

export const STORE_UNAVAILABLE_CODE = 'STORE_UNAVAILABLE';

export function isStoreUnavailable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === STORE_UNAVAILABLE_CODE;
}

export function storeUnavailableProblem(): HttpProblem {
  return new HttpProblem(503, 'store-unavailable', 'Store unavailable', 'The service cannot reach its own database right now. Try again shortly.', {
    headers: { 'Retry-After': '5' },
    extensions: { code: STORE_UNAVAILABLE_CODE },
  });
}
