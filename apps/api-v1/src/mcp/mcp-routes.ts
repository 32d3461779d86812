/**
 * /mcp: askdata as an MCP server (Streamable HTTP, the official SDK), stateless: each POST gets a fresh
 * server and transport bound to its caller, so nothing of one caller outlives its request and any replica
 * can answer. GET (a server-initiated event stream) and DELETE (ending a session) have nothing to do
 * without sessions: 405, as the transport spec allows.
 *
 * Auth: a tenant token, a token of the operator's authorization server (OAUTH_ISSUER), or an API key
 * created with a fixed context; a key without one cannot name a tenant here (tools take no context) and is
 * a 403. The rate limit and body limit are v1's; a JSON-RPC batch is a 400 (refuse-batches.ts), so the rate
 * limit counts every tool call.
 */
import { methodNotAllowed, problems, jsonBody } from '@askdata/http-kit';
import { tenantScopeFor, type AdminDeps } from '@askdata/service';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../app-deps';
import { tokenAuth } from '../auth/token-auth';
import type { CredentialChecks } from '../auth/credential-checks';
import { answersRateLimit } from '../middleware/answers-rate-limit';
import { requirePrincipal } from '../middleware/principal';
import { requireRole } from '../middleware/require-role';
import { registerTools } from './mcp-tools';
import { refuseBatches } from './refuse-batches';
import { oauthResourceFor } from './oauth-resource';
import { MCP_PATH, metadataUrlFor } from './protected-resource';

export { MCP_PATH };

const SERVER_INFO = { name: 'askdata', version: '1.0.0' };

/** A caller that cannot name its tenant any other way must have a fixed one. */
const requireFixedContext: RequestHandler = (_req, res, next) => {
  if (requirePrincipal(res).fixedContext === undefined) {
    return next(problems.forbidden('MCP needs a tenant: use a tenant token, an OAuth token, or an API key created with a fixed context (npm run keys -- create <name> --context orgId=1).'));
  }
  return next();
};

export function mcpRoutes(deps: AppDeps & AdminDeps, options: CredentialChecks): Router {
  const { config, store } = deps;
  const router = Router();
  const resource = oauthResourceFor(config);
  const oauth = options.verifiers.oauth && resource ? { verifier: options.verifiers.oauth, metadataUrl: metadataUrlFor(resource.resourceUrl) } : undefined;
  router.use(tokenAuth({ realm: 'askdata', keyAuth: options.keyAuth, tenantTokens: options.verifiers.tenantTokens, oauth, findActiveKeyById: (id) => store.apiKeys.findActiveById(id), failedAttempts: options.failedAttempts }));
  router.use(requireRole('answers'));
  router.use(requireFixedContext);
  router.use(answersRateLimit(deps));
  router.use(jsonBody({ limitBytes: config.BODY_LIMIT }));
  // One message per request, so the rate limit above counts every tool call.
  router.use(refuseBatches);
  router
    .route('/')
    .post(async (req, res) => {
      const principal = requirePrincipal(res);
      const fixed = principal.fixedContext ?? {};
      // The tenant is resolved here, once: a context the model cannot use is the usual 400, before MCP starts.
      const scope = tenantScopeFor(deps, fixed);
      const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} } });
      registerTools(server, { ...deps, maxQuestionLength: config.MAX_QUESTION_LENGTH, explainEnabled: config.EXPLAIN_ENABLED }, {
        owner: { apiKeyId: principal.apiKeyId, principal: principal.principal, tenantKey: scope.key },
        scope,
      });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    })
    .all(methodNotAllowed(['POST']));
  return router;
}
