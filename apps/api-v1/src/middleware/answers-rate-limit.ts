/**
 * The per-principal rate limit on asking: one budget ('v1', counted in the store so every process shares
 * it) whether a caller asks through /api/v1 or through MCP, so a second door is not a second quota.
 */
import { rateLimit } from '@askdata/http-kit';
import type { RequestHandler } from 'express';
import type { AppDeps } from '../app-deps';
import { principalOrNull } from './principal';

const RATE_WINDOW_MS = 60_000;

export function answersRateLimit(deps: AppDeps): RequestHandler {
  const clock = deps.clock ?? (() => new Date());
  return rateLimit({
    name: 'v1',
    limit: deps.config.RATE_LIMIT_PER_MINUTE,
    windowMs: RATE_WINDOW_MS,
    keyOf: (res) => principalOrNull(res)?.principal ?? null,
    counters: deps.store.rateLimits,
    logger: deps.logger,
    clock: () => clock().getTime(),
  });
}
