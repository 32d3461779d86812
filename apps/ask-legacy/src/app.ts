/**
 * createApp(deps): the legacy /ask interface as an Express app, without listen(), so tests drive the real
 * app with real dependencies through supertest and server.ts owns the socket and shutdown.
 *
 * The edge is api-v1's (http-kit): request ids, one access-log line, redaction, problem+json errors,
 * the same body and question limits. Order matters: request id first, health probes before auth (load
 * balancers have no token), then the optional token -> per-address limit -> body parsing (a rejected or
 * throttled caller never makes us read a body), the /ask route (with its per-organisation limit), 404,
 * and the one error handler last.
 *
 * The limit model (docs/reliability.md): a limit is only ever keyed on what a caller cannot choose, its
 * client address. The organisation comes from the body and is unauthenticated, so it only ever narrows a
 * key, never widens one: RATE_LIMIT_PER_MINUTE per address, and ORG_RATE_LIMIT_PER_MINUTE per
 * (address, organisation), a fairness limit for a backend that serves many organisations from one address.
 * A limit per organisation alone let anyone lock an organisation out by sending its orgId.
 */
import { buildLegacyDocument, renderDocsPage } from '@askdata/contract';
import { addressKey, contractRoutes, errorHandler, healthRoutes, jsonBody, notFound, rateLimit, requestId, requestLog, OPENAPI_PATH } from '@askdata/http-kit';
import { knowledgeFor, readinessChecks, type AskDeps } from '@askdata/service';
import express, { type Express, type Response } from 'express';
import type { Logger } from 'winston';
import type { LegacyConfig } from './config';
import { tenantKeyOrNull } from './middleware/tenant-key';
import { tokenAuth } from './middleware/token-auth';
import { askRoutes } from './routes/ask-routes';

/** The store and the pipeline's deps (the service's AskDeps), reached only through @askdata/service. */
export interface AppDeps extends AskDeps {
  config: LegacyConfig;
  logger: Logger;
  /** "Now" for the rate limiters' windows (counted in the store, shared by every process); tests move it. Defaults to the system clock. */
  clock?: () => Date;
}

export const AUTH_REALM = 'askdata-legacy';
const RATE_WINDOW_MS = 60_000;

/** The client address (as trusted through TRUST_PROXY_HOPS); an IPv6 address counts by its /56. */
const addressOf = (res: Response): string => addressKey(res.req.ip ?? 'unknown');

/** The per-organisation limit's key: the organisation as seen from one address, never the organisation alone. */
function addressAndTenant(res: Response): string | null {
  const tenantKey = tenantKeyOrNull(res);
  return tenantKey === null ? null : `address:${addressOf(res)} tenant:${tenantKey}`;
}

export function createApp(deps: AppDeps): Express {
  const { config, logger, store, answerDeps } = deps;
  // What operators taught through api-v1's admin endpoints applies here too (same store, same version check).
  const knowledge = knowledgeFor(deps);
  const clock = deps.clock ?? (() => new Date());
  const now = () => clock().getTime();
  const app = express();
  app.disable('x-powered-by');
  // No ETag on API responses: every answer is a new resource and no client revalidates one, while Express
  // would hash each body to make it. Static pages keep theirs (serve-static sets its own).
  app.disable('etag');
  // Behind N trusted proxies, req.ip is the client's address from X-Forwarded-For; otherwise the socket's.
  app.set('trust proxy', config.TRUST_PROXY_HOPS > 0 ? config.TRUST_PROXY_HOPS : false);
  app.use(requestId({ logger }));
  app.use(requestLog({ logger, fields: (res) => ({ principal: 'legacy', tenantKey: tenantKeyOrNull(res) ?? undefined }) }));
  app.use(healthRoutes({ service: 'askdata ask-legacy', logger, checks: readinessChecks({ ...deps, knowledge }) }));
  // The contract is public (it says whether a token is needed), so it is served before the token check.
  const contract = buildLegacyDocument({ maxQuestionLength: config.MAX_QUESTION_LENGTH, tokenRequired: config.ASK_LEGACY_TOKEN !== undefined });
  app.use(contractRoutes(contract, renderDocsPage(contract, { openApiPath: OPENAPI_PATH })));
  app.use(tokenAuth({ realm: AUTH_REALM, token: config.ASK_LEGACY_TOKEN }));
  // Legacy callers have no key, so a caller is its client address here, and its organisation below.
  const limits = { windowMs: RATE_WINDOW_MS, counters: store.rateLimits, logger, clock: now };
  app.use(rateLimit({ name: 'legacy-address', limit: config.RATE_LIMIT_PER_MINUTE, keyOf: (res) => `address:${addressOf(res)}`, ...limits }));
  app.use(jsonBody({ limitBytes: config.BODY_LIMIT }));
  const perTenant = rateLimit({ name: 'legacy-organisation', limit: config.ORG_RATE_LIMIT_PER_MINUTE, keyOf: addressAndTenant, ...limits });
  app.use(askRoutes({ store, answerDeps, knowledge, maxQuestionLength: config.MAX_QUESTION_LENGTH, perTenant }));
  app.use(notFound());
  app.use(errorHandler({ logger }));
  return app;
}
