/**
 * Signed tenant tokens (JWT, with jose): a team's backend signs a short-lived token that fixes the tenant,
 * and a browser calls askdata with it directly. Checked: the signature, `exp` (required, and no longer-lived
 * than TENANT_TOKEN_MAX_TTL), `iat` (not in the future), `nbf`, `iss` (when TENANT_TOKEN_ISSUER is set), `aud` and the `kid`:
 *
 * - HS256 with a secret of TENANT_TOKEN_SECRETS, picked by `kid` (rotation: add a secret, sign with it,
 *   remove the old one later). Never a secret derived from an API key: the store keeps only key hashes.
 * - RS256 / ES256 with a public key of TENANT_TOKEN_JWKS (a JWKS file, or a URL fetched and cached by jose).
 *
 * The key is chosen from the `alg` the token names, and each kind is asked only for its own algorithm, so
 * `alg: none` and algorithm confusion (an RS256 public key used as an HS256 secret) never verify.
 */
import { readFileSync } from 'node:fs';
import type { ContextClaim, SigningSecret } from '@askdata/env';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { contextFromClaims } from './context-claim';
import { CLOCK_TOLERANCE_SECONDS, checkTokenLifetime } from './token-lifetime';
import { rejectionFrom, TokenRejected, unreachableAsRejection } from './token-rejected';

export interface TenantTokenSettings {
  secrets: readonly SigningSecret[];
  /** A JWKS file path or http(s) URL. */
  jwks?: string | undefined;
  issuer?: string | undefined;
  audience: string;
  maxTtlSeconds: number;
  contextClaim: ContextClaim;
}

/** What a valid token says: the API key that owns what it creates, and the tenant context it is fixed to. */
export interface VerifiedToken {
  keyId: string;
  context: Record<string, unknown>;
}

export interface TenantTokenVerifier {
  /** False when neither secrets nor a JWKS are configured: every token is then refused, saying so. */
  readonly enabled: boolean;
  verify(token: string): Promise<VerifiedToken>;
}

const ASYMMETRIC = ['RS256', 'ES256'] as const;

function publicKeys(source: string): JWTVerifyGetKey {
  if (/^https?:\/\//i.test(source)) return unreachableAsRejection(createRemoteJWKSet(new URL(source), { timeoutDuration: 5_000, cooldownDuration: 30_000 }), source);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(source, 'utf8'));
  } catch (error) {
    throw new Error(`TENANT_TOKEN_JWKS: cannot read a JWKS from ${source} (${error instanceof Error ? error.message : String(error)})`);
  }
  return createLocalJWKSet(parsed as JSONWebKeySet);
}

export function createTenantTokenVerifier(settings: TenantTokenSettings, clock: () => Date = () => new Date()): TenantTokenVerifier {
  const secrets = new Map(settings.secrets.map(({ kid, secret }) => [kid, new TextEncoder().encode(secret)]));
  const jwks = settings.jwks ? publicKeys(settings.jwks) : undefined;
  const algorithms = [...(secrets.size > 0 ? ['HS256'] : []), ...(jwks ? ASYMMETRIC : [])];

  const keyFor: JWTVerifyGetKey = async (header, token) => {
    if (header.alg === 'HS256') {
      const secret = header.kid === undefined ? undefined : secrets.get(header.kid);
      if (!secret) throw new TokenRejected(header.kid === undefined ? 'An HS256 token must name its signing secret in the kid header.' : 'No signing secret of this server has the token\'s kid.');
      return secret;
    }
    if (jwks && (ASYMMETRIC as readonly string[]).includes(header.alg)) return jwks(header, token);
    throw new TokenRejected('The token is signed with an algorithm this server does not accept.');
  };

  return {
    enabled: algorithms.length > 0,
    async verify(token) {
      if (algorithms.length === 0) throw new TokenRejected('Tenant tokens are not enabled on this server (TENANT_TOKEN_SECRETS or TENANT_TOKEN_JWKS).');
      const now = clock();
      try {
        const { payload } = await jwtVerify(token, keyFor, {
          algorithms,
          audience: settings.audience,
          ...(settings.issuer ? { issuer: settings.issuer } : {}),
          requiredClaims: ['exp', 'sub'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          currentDate: now,
        });
        checkTokenLifetime(payload, Math.floor(now.getTime() / 1000), settings.maxTtlSeconds);
        if (typeof payload.sub !== 'string' || payload.sub === '') throw new TokenRejected('The token\'s sub must name an API key id.');
        return { keyId: payload.sub, context: contextFromClaims(payload, settings.contextClaim) };
      } catch (error) {
        throw rejectionFrom(error);
      }
    },
  };
}
