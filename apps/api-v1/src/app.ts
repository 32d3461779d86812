/**
 * createApp(deps): the whole v1 HTTP interface as an Express app, without listen(), so tests drive the
 * real app with real dependencies through supertest and server.ts owns the socket and shutdown.
 *
 * Order matters: request id first (everything after can log with it), health probes before auth (load
 * balancers have no key), then auth -> rate limit -> body parsing (an unauthenticated or throttled
 * caller never makes us read a body), the routes, 404, and the one error handler last.
 */
import { buildV1Document, renderDocsPage } from '@askdata/contract';
import { contractRoutes, errorHandler, failedAttemptLimit, healthRoutes, jsonBody, notFound, requestId, requestLog, OPENAPI_PATH } from '@askdata/http-kit';
import { apiKeyLookup, knowledgeFor, readinessChecks, type AdminDeps } from '@askdata/service';
import express, { Router, type Express, type RequestHandler } from 'express';
import type { AppDeps } from './app-deps';
import { bearerAuth, type BearerAuthOptions } from './middleware/bearer-auth';
import type { CredentialChecks } from './auth/credential-checks';
import { answersRateLimit } from './middleware/answers-rate-limit';
import { principalOrNull } from './middleware/principal';
import { requireRole } from './middleware/require-role';
import { ADMIN_PREFIX, adminRouter } from './routes/admin/admin-router';
import { answerRoutes } from './routes/answer-routes';
import { answerStreamRoutes } from './routes/answer-stream-routes';
import { corsAllowList } from './auth/cors-allow-list';
import { tokenAuth } from './auth/token-auth';
import { tokenVerifiersFor, type TokenVerifiers } from './auth/token-verifiers';
import { mcpRoutes } from './mcp/mcp-routes';
import { MCP_PATH } from './mcp/protected-resource';
import { protectedResourceRoutes } from './mcp/protected-resource';
import { feedbackRoutes } from './routes/feedback-routes';
import { explainRoutes } from './routes/explain-routes';
import { historyRoutes } from './routes/history-routes';
import { playgroundRoutes } from './playground/playground-routes';

export const AUTH_REALM = 'askdata';
const RATE_WINDOW_MS = 60_000;

function v1Router(deps: AppDeps & AdminDeps, auth: CredentialChecks): Router {
  const { config, store, answerDeps, knowledge } = deps;
  const router = Router();
  // Tenant tokens (JWTs) beside API keys; any other bearer goes to the key check as before.
  router.use(tokenAuth({ realm: AUTH_REALM, keyAuth: auth.keyAuth, tenantTokens: auth.verifiers.tenantTokens, findActiveKeyById: (id) => store.apiKeys.findActiveById(id), failedAttempts: auth.failedAttempts }));
  router.use(requireRole('answers'));
  router.use(answersRateLimit(deps));
  router.use(jsonBody({ limitBytes: config.BODY_LIMIT }));
  router.use(answerStreamRoutes({ store, answerDeps, knowledge, maxQuestionLength: config.MAX_QUESTION_LENGTH, heartbeatMs: config.SSE_HEARTBEAT_MS, logger: deps.logger }));
  router.use(answerRoutes({ store, answerDeps, knowledge, maxQuestionLength: config.MAX_QUESTION_LENGTH }));
  router.use(feedbackRoutes({ store, answerDeps }));
  router.use(explainRoutes({ store, answerDeps, enabled: config.EXPLAIN_ENABLED }));
  router.use(historyRoutes({ store, answerDeps }));
  return router;
}

/**
 * Both routers authenticate against the same keys, with one key lookup (its cache of unknown keys) and
 * one count of failed attempts per client address; each then requires its own role.
 */
function authOptions(deps: AppDeps): BearerAuthOptions {
  const clock = deps.clock ?? (() => new Date());
  const failedAttempts = failedAttemptLimit({
    name: 'auth-failures',
    limit: deps.config.AUTH_FAILURES_PER_MINUTE,
    windowMs: RATE_WINDOW_MS,
    counters: deps.store.rateLimits,
    logger: deps.logger,
    clock: () => clock().getTime(),
  });
  return { realm: AUTH_REALM, envKeys: deps.config.API_KEYS, adminEnvKeys: deps.config.ADMIN_API_KEYS, ...apiKeyLookup({ store: deps.store }), failedAttempts };
}

export function createApp(appDeps: AppDeps): Express {
  // The taught vocabulary and verified questions apply to every answer route; tests may hand in none.
  const deps = { ...appDeps, knowledge: knowledgeFor(appDeps) };
  const { logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  // No ETag on API responses: every answer is a new resource and no client revalidates one, while Express
  // would hash each body to make it. Static pages keep theirs (serve-static sets its own).
  app.disable('etag');
  // Behind N trusted proxies (TRUST_PROXY_HOPS), req.ip is the client's address from X-Forwarded-For;
  // otherwise the socket's, and a forged header buys nothing. The failed-attempt lockout keys on it.
  app.set('trust proxy', deps.config.TRUST_PROXY_HOPS > 0 ? deps.config.TRUST_PROXY_HOPS : false);
  app.use(requestId({ logger }));
  app.use(requestLog({ logger, fields: (res) => ({ principal: principalOrNull(res)?.principal }) }));
  app.use(healthRoutes({ service: 'askdata api-v1', logger, checks: readinessChecks(deps) }));
  // The contract, its docs page and the playground are public pages: no key, no body parsing.
  const contract = buildV1Document({ maxQuestionLength: deps.config.MAX_QUESTION_LENGTH, explainEnabled: deps.config.EXPLAIN_ENABLED });
  app.use(contractRoutes(contract, renderDocsPage(contract, { openApiPath: OPENAPI_PATH })));
  app.use(playgroundRoutes());
  // Browser calls from the allow-list (CORS_ORIGINS; none by default), before auth: a preflight carries no token.
  const cors = corsAllowList(deps.config.CORS_ORIGINS);
  if (cors) app.use(['/api/v1/conversations', MCP_PATH], cors);
  const verifiers = tokenVerifiersFor(deps.config, deps.clock);
  // One key check (and one failed-attempt limit) shared by v1, MCP and admin.
  const auth = authOptions(deps);
  const keyAuth = bearerAuth(auth);
  app.use(protectedResourceRoutes(deps.config));
  const credentials: CredentialChecks = { verifiers, keyAuth, ...(auth.failedAttempts ? { failedAttempts: auth.failedAttempts } : {}) };
  app.use(MCP_PATH, mcpRoutes(deps, credentials));
  app.use(ADMIN_PREFIX, adminRouter(deps, { auth, rateLimitPerMinute: deps.config.RATE_LIMIT_PER_MINUTE, bodyLimit: deps.config.BODY_LIMIT, logger, clock: deps.clock ?? (() => new Date()) }));
  app.use('/api/v1', v1Router(deps, credentials));
  app.use(notFound());
  app.use(errorHandler({ logger }));
  return app;
}
