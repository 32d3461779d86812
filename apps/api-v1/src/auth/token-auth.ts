/**
 * `Authorization: Bearer <jwt>` beside API keys. A bearer that is shaped like a JWT is verified as a
 * tenant token (or, on /mcp, as a token of the operator's authorization server when its `iss` says so);
 * anything else goes to the API-key check (bearer-auth.ts) unchanged.
 *
 * A valid token acts as the API key its `sub` names, fixed to the token's context: that key must exist and
 * not be revoked (looked up on every request, so a revoked key's tokens are a 401 from the next request
 * on), must be an answer key, and if the key itself has a fixed context, the token's must be the same.
 * Tokens are answer credentials only: the admin router never runs this, so a token there is a 401.
 *
 * A token that fails (forged, expired, its key gone) is a failed credential like a wrong API key: it counts
 * toward the same per-address lockout (`failedAttempts`), and a locked-out address gets 429 for any token
 * before it is verified, a valid one included.
 */
import { problems, type FailedAttemptLimit } from '@askdata/http-kit';
import type { RequestHandler } from 'express';
import { setPrincipal, type Principal } from '../middleware/principal';
import { contextMismatch, sameContext } from './caller-context';
import { looksLikeJwt, unverifiedIssuer } from './jwt-shape';
import type { OAuthVerifier } from './oauth-verifier';
import type { TenantTokenVerifier, VerifiedToken } from './tenant-token-verifier';
import { TokenRejected } from './token-rejected';

export interface TokenAuthOptions {
  realm: string;
  /** The API-key check, for every bearer that is not a JWT. */
  keyAuth: RequestHandler;
  tenantTokens: TenantTokenVerifier;
  /** On /mcp: the authorization server's tokens, and where its metadata is (for the challenge; configured, never from the request). */
  oauth?: { verifier: OAuthVerifier; metadataUrl: string } | undefined;
  findActiveKeyById(id: string): Promise<{ id: string; admin: boolean; context: Record<string, unknown> | null } | null>;
  /** The lockout the API-key check counts in (one count of failed credentials per client address). */
  failedAttempts?: FailedAttemptLimit;
}

/** The bearer token of a well-formed header, or undefined (bearer-auth then explains what is wrong). */
function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer ([^ ]+)$/i.exec(header ?? '');
  return match?.[1];
}

/** RFC 6750 error_description: quoted-string text without quotes or backslashes. */
const describe = (reason: string): string => reason.replace(/["\\]/g, "'");

export function tokenAuth(options: TokenAuthOptions): RequestHandler {
  const { realm, keyAuth, tenantTokens, oauth, findActiveKeyById, failedAttempts } = options;

  const challenge = (extra: string): string => {
    const metadata = oauth ? `, resource_metadata="${oauth.metadataUrl}"` : '';
    return `Bearer realm="${realm}"${metadata}${extra}`;
  };

  async function verify(token: string): Promise<{ verified: VerifiedToken; via: NonNullable<Principal['via']> }> {
    if (oauth && unverifiedIssuer(token) === oauth.verifier.issuer) return { verified: await oauth.verifier.verify(token), via: 'oauth' };
    return { verified: await tenantTokens.verify(token), via: 'tenant-token' };
  }

  return async (req, res, next) => {
    const token = bearerOf(req.get('Authorization'));
    if (token === undefined || !looksLikeJwt(token)) {
      // No credential at all on /mcp: the challenge also names the resource metadata (MCP authorization).
      if (oauth && req.get('Authorization') === undefined) return next(problems.unauthorized('This endpoint needs a tenant token, an OAuth token or an API key with a fixed context.', challenge('')));
      return keyAuth(req, res, next);
    }
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    try {
      await failedAttempts?.check(address);
      const { verified, via } = await verify(token);
      const key = await findActiveKeyById(verified.keyId);
      if (!key) throw new TokenRejected('The API key that owns this token does not exist or has been revoked.');
      if (key.admin) throw problems.forbidden('The API key that owns this token is an admin key; tokens ask questions, so they must name an answer key.');
      if (key.context && !sameContext(key.context, verified.context)) throw contextMismatch();
      setPrincipal(res, { apiKeyId: key.id, principal: `key:${key.id}`, roles: { answers: true, admin: false }, fixedContext: verified.context, via });
      return next();
    } catch (error) {
      if (error instanceof TokenRejected) {
        const lockedOut = await failedAttempts?.fail(address);
        return next(lockedOut ?? problems.unauthorized(error.message, challenge(`, error="invalid_token", error_description="${describe(error.message)}"`)));
      }
      return next(error);
    }
  };
}
