/** Factories for the problems the HTTP edge itself raises, so titles and slugs are written once. */
import type { ErrorIssue } from '@askdata/core';
import { HttpProblem } from './problem';

export const problems = {
  validation(issues: ErrorIssue[]): HttpProblem {
    const detail = issues.length === 1 ? 'One part of the request is invalid.' : `${issues.length} parts of the request are invalid.`;
    return new HttpProblem(400, 'validation-failed', 'Request validation failed', detail, { issues });
  },
  badRequest(slug: string, title: string, detail: string, options: { headers?: Record<string, string> } = {}): HttpProblem {
    return new HttpProblem(400, slug, title, detail, options);
  },
  unauthorized(detail: string, challenge: string): HttpProblem {
    return new HttpProblem(401, 'unauthorized', 'Unauthorized', detail, { headers: { 'WWW-Authenticate': challenge } });
  },
  forbidden(detail: string): HttpProblem {
    return new HttpProblem(403, 'forbidden', 'Forbidden', detail);
  },
  notFound(detail: string): HttpProblem {
    return new HttpProblem(404, 'not-found', 'Not found', detail);
  },
  methodNotAllowed(method: string, allowed: readonly string[]): HttpProblem {
    return new HttpProblem(405, 'method-not-allowed', 'Method not allowed', `${method} is not allowed here; use ${allowed.join(', ')}.`, {
      headers: { Allow: allowed.join(', ') },
    });
  },
  payloadTooLarge(limitBytes: number | undefined): HttpProblem {
    const detail = limitBytes === undefined ? 'The request body is too large.' : `The request body is larger than ${limitBytes} bytes.`;
    return new HttpProblem(413, 'payload-too-large', 'Payload too large', detail, limitBytes === undefined ? {} : { extensions: { limitBytes } });
  },
  nestingTooDeep(maxDepth: number): HttpProblem {
    return new HttpProblem(400, 'nesting-too-deep', 'JSON nested too deeply', `The JSON nests objects and arrays more than ${maxDepth} levels deep.`, { extensions: { maxDepth } });
  },
  malformedEncoding(): HttpProblem {
    return new HttpProblem(400, 'malformed-encoding', 'Body does not match its Content-Encoding', 'The request body is not valid data of the encoding its Content-Encoding header names (gzip, deflate or br).');
  },
  unsupportedMediaType(detail: string): HttpProblem {
    return new HttpProblem(415, 'unsupported-media-type', 'Unsupported media type', detail);
  },
  rateLimited(retryAfterSeconds: number, reason = 'Rate limit exceeded'): HttpProblem {
    return new HttpProblem(429, 'rate-limited', 'Too many requests', `${reason}; retry in ${retryAfterSeconds} s.`, {
      headers: { 'Retry-After': String(retryAfterSeconds) },
      extensions: { retryAfterSeconds },
    });
  },
  notReady(checks: Record<string, 'ok' | 'unavailable'>): HttpProblem {
    return new HttpProblem(503, 'not-ready', 'Service not ready', 'A dependency of the service is unavailable.', {
      headers: { 'Retry-After': '5' },
      extensions: { checks },
    });
  },
};
