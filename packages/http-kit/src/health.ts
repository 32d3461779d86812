/**
 * Liveness and readiness, without auth (load balancers and orchestrators call them):
 * - GET /healthz: the process is up and its event loop answers, and says which service it is (`askdata
 *   api-v1`), so whoever finds a port taken (a second `npm start`) can tell another askdata from a stranger.
 * - GET /readyz: every dependency check passes within a bound; otherwise 503 problem+json naming which
 *   check failed (never why: error messages may hold hosts or paths; those go to the log).
 */
import { Router } from 'express';
import type { Logger } from 'winston';
import { problems } from './problems';
import { loggerOf } from './request-context';

export interface HealthOptions {
  /** Who answers /healthz: `askdata api-v1`, `askdata ask-legacy`. */
  service: string;
  checks: Record<string, () => Promise<void>>;
  logger: Logger;
  timeoutMs?: number;
}

function withTimeout(work: Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`check timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(options: HealthOptions): Router {
  const timeoutMs = options.timeoutMs ?? 2000;
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: options.service });
  });
  router.get('/readyz', async (_req, res) => {
    const names = Object.keys(options.checks);
    const outcomes = await Promise.allSettled(names.map((name) => withTimeout(Promise.resolve().then(options.checks[name]), timeoutMs)));
    const checks: Record<string, 'ok' | 'unavailable'> = {};
    outcomes.forEach((outcome, index) => {
      const name = names[index] ?? `check${index}`;
      checks[name] = outcome.status === 'fulfilled' ? 'ok' : 'unavailable';
      if (outcome.status === 'rejected') loggerOf(res, options.logger).warn('readiness check failed', { check: name, error: outcome.reason });
    });
    if (Object.values(checks).some((state) => state !== 'ok')) throw problems.notReady(checks);
    res.json({ status: 'ready', checks });
  });
  return router;
}
