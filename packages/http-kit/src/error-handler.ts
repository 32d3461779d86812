/**
 * The one error middleware: every failure leaves as RFC 9457 problem+json. Known problems (HttpProblem,
 * CoreError, body-parser errors) are shown; anything else is logged with the request id and answered by a
 * generic 500 that reveals nothing internal (no message, no stack).
 */
import { isCoreError } from '@askdata/core';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'winston';
import { problemFromBodyParserError } from './body-parser-problem';
import { problemFromCoreError } from './core-problem';
import { HttpProblem, isHttpProblem, PROBLEM_CONTENT_TYPE, problemType, type ProblemBody } from './problem';
import { problems } from './problems';
import { MAX_DETAIL_CHARS, quoteIssue, quotePrefix } from './quote-input';
import { loggerOf, requestIdOf } from './request-context';
import { isStoreUnavailable, storeUnavailableProblem } from './unavailable-problem';

export interface ErrorHandlerOptions {
  logger: Logger;
}

const internal = (): HttpProblem => new HttpProblem(500, 'internal', 'Internal server error', 'An unexpected error occurred.');

/** Writes `problem` as the response; used by the error handler and by handlers that answer directly. */
export function sendProblem(req: Request, res: Response, problem: HttpProblem): void {
  const body = problemBody(req, res, problem);
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  res.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

/** The problem+json body of `problem` for this request (also sent inside a stream, as response.failed). */
export function problemBody(req: Request, res: Response, problem: HttpProblem): ProblemBody {
  const body: ProblemBody = {
    ...problem.extensions,
    type: problemType(problem.slug),
    title: problem.title,
    status: problem.status,
    detail: quotePrefix(problem.message, MAX_DETAIL_CHARS),
    instance: req.originalUrl.split('?')[0] ?? '/',
    requestId: requestIdOf(res),
  };
  // Issues name what the caller sent: a short prefix of it, whatever the route (quote-input.ts).
  if (problem.issues.length > 0) body.issues = problem.issues.map(quoteIssue);
  return body;
}

/** Any error -> the problem it is shown as; `known` false means a bug (log it, show a generic 500). */
export function classify(error: unknown): { problem: HttpProblem; known: boolean } {
  if (isHttpProblem(error)) return { problem: error, known: true };
  if (isCoreError(error)) {
    const problem = problemFromCoreError(error);
    // Timeouts and outages (504/503) are expected operating conditions: logged as warnings, not as bugs.
    return { problem, known: problem.slug !== 'internal' };
  }
  // Logged as a warning below (status >= 500), not as an unknown failure: an outage, not a bug.
  if (isStoreUnavailable(error)) return { problem: storeUnavailableProblem(), known: true };
  const fromBody = problemFromBodyParserError(error);
  if (fromBody) return { problem: fromBody, known: true };
  return { problem: internal(), known: false };
}

export function errorHandler(options: ErrorHandlerOptions): ErrorRequestHandler {
  if (typeof options.logger?.error !== 'function') throw new TypeError('errorHandler: a winston logger is required');
  // Express recognises error middleware by its four parameters, so `next` must stay in the signature.
  return (error: unknown, req, res, next) => {
    const { problem, known } = classify(error);
    const log = loggerOf(res, options.logger);
    if (!known) {
      log.error('request failed', { error, method: req.method, path: req.originalUrl.split('?')[0], status: problem.status });
    } else if (problem.status >= 500) {
      log.warn('request failed', { problem: problem.slug, status: problem.status, error });
    }
    // Once the head is sent we cannot switch to a problem body; Express's default handler ends the socket.
    if (res.headersSent) {
      next(error);
      return;
    }
    sendProblem(req, res, problem);
  };
}

/** The last ordinary middleware: any request no route claimed. */
export function notFound(): RequestHandler {
  return (req, _res, next) => {
    next(problems.notFound(`No resource at ${req.method} ${req.path.slice(0, 200)}.`));
  };
}

/** For `router.route(path).all(...)` after the real methods: the path exists, the method does not. */
export function methodNotAllowed(allowed: readonly string[]): RequestHandler {
  if (allowed.length === 0) throw new TypeError('methodNotAllowed: list at least one method');
  return (req, _res, next) => {
    next(problems.methodNotAllowed(req.method, allowed));
  };
}
