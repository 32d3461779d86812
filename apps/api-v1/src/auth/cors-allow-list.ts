/**
 * CORS for browser calls with a tenant token, from the allow-list CORS_ORIGINS; off (no CORS headers at
 * all, so browsers refuse cross-origin calls) while it is empty. Uses the `cors` package: exact origins
 * only, no credentials (tokens travel in the Authorization header, never in cookies).
 */
import cors from 'cors';
import type { RequestHandler } from 'express';

export function corsAllowList(origins: readonly string[]): RequestHandler | undefined {
  if (origins.length === 0) return undefined;
  const allowed = new Set(origins);
  return cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'Last-Event-ID'],
    exposedHeaders: ['Mcp-Session-Id', 'WWW-Authenticate', 'Retry-After', 'X-Request-Id'],
    credentials: false,
    maxAge: 600,
  });
}
