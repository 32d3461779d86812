/**
 * createTenantToken(): for a team's BACKEND (never a browser: it holds the signing secret). It signs a
 * short-lived JWT that fixes the tenant, and the team's page then calls askdata with it directly:
 *
 *   const token = await createTenantToken({ keyId: 'key_…', context: { orgId: 1 }, secret: { kid: 'k1', secret: process.env.SECRET } });
 *   createAskdataClient({ baseUrl, apiKey: token })   // in the browser
 *
 * The claims are the ones api-v1 checks: `sub` the API key that owns what the token creates, `context` the
 * tenant, `aud` (default "askdata"), `iss` when the server sets TENANT_TOKEN_ISSUER, `iat` and `exp`. Signed
 * with jose (bundled into the client's build): HS256 with a secret of the server's TENANT_TOKEN_SECRETS, or
 * RS256/ES256 with a private key whose public half is in the server's TENANT_TOKEN_JWKS.
 */
import { SignJWT } from 'jose';

export interface TenantTokenInput {
  /** The id of an active answer key (`npm run keys -- list`): what the token creates is that key's. */
  keyId: string;
  /** The tenant, e.g. { orgId: 1 }: every request made with the token is scoped to it. */
  context: Record<string, string | number | boolean>;
  /** Seconds the token lives (default 900, 15 minutes); the server refuses more than its TENANT_TOKEN_MAX_TTL. */
  ttlSeconds?: number;
  audience?: string;
  issuer?: string;
  /** HS256: one `kid:secret` of the server's TENANT_TOKEN_SECRETS. */
  secret?: { kid: string; secret: string };
  /**
   * RS256 or ES256: a private key (a WebCrypto CryptoKey, a Node KeyObject, or a private JWK object) and the
   * kid of its public key in the server's JWKS. Typed loosely so the package's types need no crypto library.
   */
  privateKey?: { alg: 'RS256' | 'ES256'; kid: string; key: object };
}

const DEFAULT_TTL_SECONDS = 900;

export async function createTenantToken(input: TenantTokenInput): Promise<string> {
  if (!input.keyId) throw new TypeError('createTenantToken: keyId is required');
  if (Object.keys(input.context ?? {}).length === 0) throw new TypeError('createTenantToken: context must name the tenant');
  if ((input.secret === undefined) === (input.privateKey === undefined)) throw new TypeError('createTenantToken: give exactly one of secret (HS256) or privateKey (RS256/ES256)');
  const ttl = input.ttlSeconds ?? DEFAULT_TTL_SECONDS;
  if (!Number.isInteger(ttl) || ttl < 1) throw new TypeError('createTenantToken: ttlSeconds must be a positive whole number');
  const jwt = new SignJWT({ context: input.context })
    .setSubject(input.keyId)
    .setAudience(input.audience ?? 'askdata')
    .setIssuedAt()
    .setExpirationTime(`${ttl}s`);
  if (input.issuer) jwt.setIssuer(input.issuer);
  if (input.secret) {
    return jwt.setProtectedHeader({ alg: 'HS256', kid: input.secret.kid, typ: 'JWT' }).sign(new TextEncoder().encode(input.secret.secret));
  }
  const { alg, kid, key } = input.privateKey!;
  return jwt.setProtectedHeader({ alg, kid, typ: 'JWT' }).sign(key as Parameters<SignJWT['sign']>[0]);
}
