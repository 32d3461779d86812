/** The verifiers of one app, built once from its config (a remote JWKS is fetched and cached per verifier). */
import type { ApiConfig } from '../config';
import { oauthResourceFor } from '../mcp/oauth-resource';
import { createOAuthVerifier, type OAuthVerifier } from './oauth-verifier';
import { createTenantTokenVerifier, type TenantTokenVerifier } from './tenant-token-verifier';

export interface TokenVerifiers {
  tenantTokens: TenantTokenVerifier;
  /** Only when OAUTH_ISSUER is set. */
  oauth: OAuthVerifier | undefined;
}

export function tokenVerifiersFor(config: ApiConfig, clock?: () => Date): TokenVerifiers {
  const tenantTokens = createTenantTokenVerifier(
    {
      secrets: config.TENANT_TOKEN_SECRETS,
      jwks: config.TENANT_TOKEN_JWKS,
      issuer: config.TENANT_TOKEN_ISSUER,
      audience: config.TENANT_TOKEN_AUDIENCE,
      maxTtlSeconds: config.TENANT_TOKEN_MAX_TTL,
      contextClaim: config.TENANT_TOKEN_CONTEXT_CLAIM,
    },
    clock,
  );
  const resource = oauthResourceFor(config);
  const oauth =
    config.OAUTH_ISSUER && resource
      ? createOAuthVerifier({ issuer: config.OAUTH_ISSUER, keyId: config.OAUTH_KEY_ID, contextClaim: config.OAUTH_CONTEXT_CLAIM, audience: resource.audience, maxTtlSeconds: config.OAUTH_MAX_TTL }, clock)
      : undefined;
  return { tenantTokens, oauth };
}
