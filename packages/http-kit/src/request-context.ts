/**
 * Typed access to what the edge middleware stores on `res.locals` (which Express types as a loose
 * record). Each reader checks the value, so a missing middleware fails loudly instead of reading `undefined`.
 */
import type { Response } from 'express';
import type { Logger } from 'winston';

const REQUEST_ID = 'requestId';
const LOGGER = 'logger';

/**
 * `logger` may be a function that makes the request's logger: it is then called on first use only
 * (most requests log nothing at the configured level, and a winston child costs an object per request).
 */
export function setRequestContext(res: Response, requestId: string, logger: Logger | (() => Logger)): void {
  res.locals[REQUEST_ID] = requestId;
  res.locals[LOGGER] = logger;
}

/** The request id, or "unknown" when the request-id middleware did not run (e.g. a very early error). */
export function requestIdOf(res: Response): string {
  const value: unknown = res.locals[REQUEST_ID];
  return typeof value === 'string' ? value : 'unknown';
}

/** The request-scoped child logger, or `fallback` when the request-id middleware did not run. */
export function loggerOf(res: Response, fallback: Logger): Logger {
  let value: unknown = res.locals[LOGGER];
  if (typeof value === 'function') value = res.locals[LOGGER] = (value as () => unknown)();
  return isLogger(value) ? value : fallback;
}

function isLogger(value: unknown): value is Logger {
  return typeof value === 'object' && value !== null && typeof (value as { child?: unknown }).child === 'function';
}
