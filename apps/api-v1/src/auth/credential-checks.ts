import type { FailedAttemptLimit } from '@askdata/http-kit';
import type { RequestHandler } from 'express';
import type { TokenVerifiers } from './token-verifiers';

/**
 * What every answer router checks a bearer with: the token verifiers, the API-key check, and the one
 * per-address count of failed credentials that both add to (built once per app, in app.ts).
 */
export interface CredentialChecks {
  verifiers: TokenVerifiers;
  keyAuth: RequestHandler;
  failedAttempts?: FailedAttemptLimit;
}
