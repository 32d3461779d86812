/**
 * This server as an OAuth resource (issue 35, F1 and F2): the MCP resource URL that the RFC 9728 metadata and
 * every 401 challenge name, and the `aud` the issuer's tokens must carry. Both come from configuration only.
 * Built from a request they would be the caller's choice: a token the same issuer minted for another
 * resource server would pass by sending that server's Host (or X-Forwarded-Proto behind a proxy), and the
 * publicly cached metadata would repeat an attacker's host. So with OAUTH_ISSUER set, OAUTH_RESOURCE (or
 * OAUTH_AUDIENCE, when it is that URL) must be set, or the app does not start.
 */
export interface OAuthResourceConfig {
  OAUTH_ISSUER?: string | undefined;
  OAUTH_RESOURCE?: string | undefined;
  OAUTH_AUDIENCE?: string | undefined;
}

export interface OAuthResource {
  /** This server's /mcp URL as clients reach it. */
  resourceUrl: string;
  /** The `aud` the issuer's tokens must carry: OAUTH_AUDIENCE, else the resource URL. */
  audience: string;
}

export const OAUTH_RESOURCE_REQUIRED =
  'must be set with OAUTH_ISSUER: this server\'s /mcp URL as clients reach it (e.g. https://askdata.example.com/mcp), the resource its metadata names; OAUTH_AUDIENCE alone serves when it is that URL. Neither is ever taken from a request.';

const isHttpUrl = (value: string | undefined): value is string => value !== undefined && /^https?:\/\/[^\s]+$/i.test(value);

/** The configured resource, undefined without an issuer; null when an issuer is set without one. */
export function configuredOAuthResource(config: OAuthResourceConfig): OAuthResource | undefined | null {
  if (!config.OAUTH_ISSUER) return undefined;
  const resourceUrl = config.OAUTH_RESOURCE ?? (isHttpUrl(config.OAUTH_AUDIENCE) ? config.OAUTH_AUDIENCE : undefined);
  if (resourceUrl === undefined) return null;
  return { resourceUrl, audience: config.OAUTH_AUDIENCE ?? resourceUrl };
}

/** As configuredOAuthResource, for code that builds the app: a config that slipped past loadConfig still cannot start. */
export function oauthResourceFor(config: OAuthResourceConfig): OAuthResource | undefined {
  const resource = configuredOAuthResource(config);
  if (resource === null) throw new Error(`Invalid configuration:\n  OAUTH_RESOURCE: ${OAUTH_RESOURCE_REQUIRED}`);
  return resource;
}
