/**
 * The optional shared secret of the legacy interface. Its samples send no Authorization header, so with
 * no token configured every request passes (the README says the service must then only be reachable
 * from the integrator's own network, because the caller chooses its own orgId). With a token:
 * - no header -> 401 with a `WWW-Authenticate: Bearer realm=...` challenge;
 * - a header that is not exactly `Bearer <token>` -> 400 malformed-authorization (as api-v1);
 * - another token -> 401 invalid_token.
 * The comparison is constant-time: both sides are SHA-256 hashed to equal-length buffers for timingSafeEqual.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { problems } from '@askdata/http-kit';
import type { RequestHandler } from 'express';

export interface TokenAuthOptions {
  realm: string;
  /** The shared secret; undefined disables authentication. */
  token: string | undefined;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

export function tokenAuth(options: TokenAuthOptions): RequestHandler {
  const { realm, token } = options;
  if (!/^[\w .-]+$/.test(realm)) throw new TypeError('tokenAuth: realm must be plain text (no quotes)');
  if (token === undefined) return (_req, _res, next) => next();
  if (token.length === 0) throw new TypeError('tokenAuth: an empty token would accept anyone; leave it undefined to disable auth');
  const expected = sha256(token);
  const challenge = (extra = ''): string => `Bearer realm="${realm}"${extra}`;

  return (req, _res, next) => {
    const header = req.get('Authorization');
    if (header === undefined) return next(problems.unauthorized('This service needs its bearer token.', challenge()));
    const parts = header.split(' ');
    if (parts.length !== 2 || parts[0]?.toLowerCase() !== 'bearer' || !parts[1]) {
      return next(
        problems.badRequest('malformed-authorization', 'Malformed Authorization header', 'Send "Authorization: Bearer <token>".', {
          headers: { 'WWW-Authenticate': challenge(', error="invalid_request"') },
        }),
      );
    }
    if (!timingSafeEqual(sha256(parts[1]), expected)) {
      return next(problems.unauthorized('The bearer token is not valid.', challenge(', error="invalid_token"')));
    }
    return next();
  };
}
