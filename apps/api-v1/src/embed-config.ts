/**
 * The variables of embedding (issue 30), kept apart from config.ts so the rest of the config reads as before:
 * signed tenant tokens (shared with the keys CLI through @askdata/env), the MCP server's OAuth issuer, CORS
 * for browser calls and the heartbeat of streamed answers.
 */
import { envContextClaim, envDurationSeconds, envInt, envOrigins, envUrl, tenantTokenEnvShape } from '@askdata/env';
import { z } from 'zod';
import { configuredOAuthResource, OAUTH_RESOURCE_REQUIRED, type OAuthResourceConfig } from './mcp/oauth-resource';

const blankToUndefined = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export function embedEnvShape() {
  return {
    ...tenantTokenEnvShape(),
    /** The authorization server MCP clients are sent to (RFC 9728 metadata); its JWTs are verified through its JWKS. */
    OAUTH_ISSUER: envUrl(),
    /** The API key that owns what the issuer's tokens create; unset -> those tokens are a 401 saying so. */
    OAUTH_KEY_ID: z.preprocess(blankToUndefined, z.string().trim().optional()),
    OAUTH_CONTEXT_CLAIM: envContextClaim(),
    /** This server's MCP resource URL as clients reach it (e.g. https://askdata.example.com/mcp); with OAUTH_ISSUER it or OAUTH_AUDIENCE is required (never from a request). */
    OAUTH_RESOURCE: envUrl(),
    /** The `aud` the issuer's tokens must carry; default: the resource URL. */
    OAUTH_AUDIENCE: z.preprocess(blankToUndefined, z.string().trim().optional()),
    /** The longest an issuer token may live (exp - iat, and exp - now), as TENANT_TOKEN_MAX_TTL for tenant tokens. */
    OAUTH_MAX_TTL: envDurationSeconds({ default: '1h', max: 7 * 86400 }),
    /** Browser origins allowed to call the answer endpoints and /mcp directly; empty (the default) turns CORS off. */
    CORS_ORIGINS: envOrigins(),
    /** A comment line every so often on a streamed answer, so proxies do not close a quiet connection. */
    SSE_HEARTBEAT_MS: envInt({ default: 15_000, min: 10, max: 300_000 }),
  };
}

/** With OAUTH_ISSUER, the resource URL (or an audience that is one) must be configured: see mcp/oauth-resource.ts. */
export function requireOAuthResource(config: OAuthResourceConfig, ctx: z.RefinementCtx): void {
  if (configuredOAuthResource(config) === null) ctx.addIssue({ code: 'custom', path: ['OAUTH_RESOURCE'], message: OAUTH_RESOURCE_REQUIRED });
}
