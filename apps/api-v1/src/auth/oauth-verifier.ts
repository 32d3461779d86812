/**
 * Tokens of the operator's authorization server (OAUTH_ISSUER), for MCP clients that follow the spec's
 * OAuth flow: found through RFC 9728 metadata, verified through the issuer's JWKS (RFC 8414 / OpenID
 * discovery gives its jwks_uri), held to the clock rules of tenant tokens (token-lifetime.ts: no iat in the
 * future, at most OAUTH_MAX_TTL of life), the tenant read from a configured claim. What they create belongs to the
 * API key OAUTH_KEY_ID; while that is unset, such tokens are a 401 that says so.
 *
 * Nothing is fetched at start-up: an issuer that cannot be reached does not stop the server, its tokens
 * are a 401 until it answers (discovery is retried on the next token, at most every RETRY_MS).
 */
import type { ContextClaim } from '@askdata/env';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { contextFromClaims } from './context-claim';
import type { VerifiedToken } from './tenant-token-verifier';
import { CLOCK_TOLERANCE_SECONDS, checkTokenLifetime } from './token-lifetime';
import { rejectionFrom, TokenRejected, unreachableAsRejection } from './token-rejected';

export interface OAuthSettings {
  issuer: string;
  keyId?: string | undefined;
  contextClaim: ContextClaim;
  /** The `aud` tokens must carry: configured, never taken from a request (mcp/oauth-resource.ts). */
  audience: string;
  /** OAUTH_MAX_TTL: the longest a token may live, as tenant tokens' TENANT_TOKEN_MAX_TTL. */
  maxTtlSeconds: number;
}

export interface OAuthVerifier {
  readonly issuer: string;
  verify(token: string): Promise<VerifiedToken>;
}

const FETCH_TIMEOUT_MS = 5_000;
const RETRY_MS = 5_000;

/** Where an issuer publishes its metadata: RFC 8414 (path inserted after /.well-known), then OpenID discovery. */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
    `${url.origin}/.well-known/openid-configuration${path}`,
  ];
}

async function discoverJwksUri(issuer: string): Promise<string> {
  for (const candidate of metadataUrls(issuer)) {
    try {
      const response = await fetch(candidate, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { Accept: 'application/json' } });
      if (!response.ok) continue;
      const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
      // RFC 8414 3.3: the metadata must be the issuer's own, or its keys are not the issuer's keys.
      if (metadata.issuer !== issuer || typeof metadata.jwks_uri !== 'string') continue;
      return metadata.jwks_uri;
    } catch {
      // Unreachable or not JSON: try the next place.
    }
  }
  throw new TokenRejected(`The authorization server ${issuer} cannot be reached or publishes no jwks_uri; its tokens are refused until it answers.`);
}

export function createOAuthVerifier(settings: OAuthSettings, clock: () => Date = () => new Date()): OAuthVerifier {
  let keys: JWTVerifyGetKey | undefined;
  let failedAt = -Infinity;
  let pending: Promise<JWTVerifyGetKey> | undefined;

  async function issuerKeys(): Promise<JWTVerifyGetKey> {
    if (keys) return keys;
    if (Date.now() - failedAt < RETRY_MS) throw new TokenRejected(`The authorization server ${settings.issuer} could not be reached a moment ago; try again shortly.`);
    pending ??= discoverJwksUri(settings.issuer)
      .then((uri) => (keys = unreachableAsRejection(createRemoteJWKSet(new URL(uri), { timeoutDuration: FETCH_TIMEOUT_MS }), uri)))
      .catch((error: unknown) => {
        failedAt = Date.now();
        throw error;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  return {
    issuer: settings.issuer,
    async verify(token) {
      if (!settings.keyId) throw new TokenRejected('This server accepts tokens of its authorization server only once OAUTH_KEY_ID names the API key that owns what they create; it is not set.');
      const getKey = await issuerKeys();
      const now = clock();
      try {
        const { payload } = await jwtVerify(token, getKey, {
          issuer: settings.issuer,
          audience: settings.audience,
          algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
          requiredClaims: ['exp'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          currentDate: now,
        });
        checkTokenLifetime(payload, Math.floor(now.getTime() / 1000), settings.maxTtlSeconds);
        return { keyId: settings.keyId, context: contextFromClaims(payload, settings.contextClaim) };
      } catch (error) {
        throw rejectionFrom(error);
      }
    },
  };
}
