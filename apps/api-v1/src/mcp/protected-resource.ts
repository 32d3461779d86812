/**
 * RFC 9728 OAuth 2.0 Protected Resource Metadata for the MCP endpoint: it names the operator's
 * authorization server (OAUTH_ISSUER), so a standard MCP client that gets a 401 from /mcp can find where to
 * get a token. Served at the path-inserted form for the /mcp resource and at the bare well-known path;
 * not served at all (404) while OAUTH_ISSUER is unset. Public, like the other discovery documents, and
 * cacheable: every URL in it is configured (oauth-resource.ts), none is taken from the request.
 */
import { Router } from 'express';
import type { ApiConfig } from '../config';
import { oauthResourceFor } from './oauth-resource';

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';
export const MCP_PATH = '/mcp';

/** Where the metadata of that resource is (RFC 9728 section 3.1: the well-known segment before the path). */
export function metadataUrlFor(resourceUrl: string): string {
  const url = new URL(resourceUrl);
  return `${url.origin}${PROTECTED_RESOURCE_PATH}${url.pathname === '/' ? '' : url.pathname}`;
}

export function protectedResourceRoutes(config: Pick<ApiConfig, 'OAUTH_ISSUER' | 'OAUTH_RESOURCE' | 'OAUTH_AUDIENCE'>): Router {
  const router = Router();
  const issuer = config.OAUTH_ISSUER;
  const resource = oauthResourceFor(config);
  if (!issuer || !resource) return router;
  const document = {
    resource: resource.resourceUrl,
    authorization_servers: [issuer],
    bearer_methods_supported: ['header'],
    resource_name: 'askdata MCP server',
    // Beside /mcp, so a server under a path prefix (https://host/askdata/mcp) names its own /docs.
    resource_documentation: new URL('docs', resource.resourceUrl).href,
  };
  router.get([PROTECTED_RESOURCE_PATH, `${PROTECTED_RESOURCE_PATH}${MCP_PATH}`], (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.status(200).json(document);
  });
  return router;
}
