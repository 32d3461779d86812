/**
 * JSON-RPC batches are refused on /mcp (issue 35, F3): a 400 problem+json before anything runs.
 *
 * Why refuse rather than count each call: the rate limits (per key, per address) count HTTP requests, so a
 * batch of 100 `tools/call` messages got 100 answers for one count. Counting each call would mean charging
 * the limiter N units up front, refusing a batch that only partly fits, and keeping that rule in step with
 * every limiter; refusing is one check. And nothing is lost: the 2025-06-18 revision of MCP removed
 * batching, and the SDK's clients (and the Inspector) send one message per POST.
 */
import { HttpProblem } from '@askdata/http-kit';
import type { RequestHandler } from 'express';

export const refuseBatches: RequestHandler = (req, _res, next) => {
  if (!Array.isArray(req.body)) return next();
  return next(
    new HttpProblem(400, 'validation-failed', 'Request validation failed', 'JSON-RPC batches are not accepted on /mcp (MCP 2025-06-18 removed them): send one message per request.', {
      issues: [{ path: 'body', message: 'must be one JSON-RPC message, not a batch (an array)' }],
    }),
  );
};
