/**
 * Every askdata error is an RFC 9457 problem+json body. The client turns it into one typed error, so
 * callers switch on `status` or `type` instead of parsing bodies. A non-problem error body (a proxy's HTML
 * page, an empty 502) still becomes an AskdataProblemError with the HTTP status, so callers need one catch.
 */
import type { ProblemIssue } from './types';

export const PROBLEM_TYPE_PREFIX = 'tag:askdata.dev,2025:problem:';

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string | undefined;
  requestId?: string | undefined;
  issues: ProblemIssue[];
  /** Any other members the server sent (e.g. `code`, `retryAfterSeconds`). */
  extensions: Record<string, unknown>;
}

export class AskdataProblemError extends Error implements ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance: string | undefined;
  readonly requestId: string | undefined;
  readonly issues: ProblemIssue[];
  readonly extensions: Record<string, unknown>;

  constructor(details: ProblemDetails) {
    super(`${details.status} ${details.title}: ${details.detail}`);
    this.name = 'AskdataProblemError';
    this.type = details.type;
    this.title = details.title;
    this.status = details.status;
    this.detail = details.detail;
    this.instance = details.instance;
    this.requestId = details.requestId;
    this.issues = details.issues;
    this.extensions = details.extensions;
  }

  /** The slug after the tag prefix, e.g. "validation-failed"; the whole type for foreign problem types. */
  get slug(): string {
    return this.type.startsWith(PROBLEM_TYPE_PREFIX) ? this.type.slice(PROBLEM_TYPE_PREFIX.length) : this.type;
  }
}

export function isAskdataProblemError(error: unknown): error is AskdataProblemError {
  return error instanceof AskdataProblemError;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOr = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

function issuesOf(value: unknown): ProblemIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => (isRecord(item) && typeof item.path === 'string' && typeof item.message === 'string' ? [{ path: item.path, message: item.message }] : []));
}

const KNOWN = new Set(['type', 'title', 'status', 'detail', 'instance', 'requestId', 'issues']);

/** The error for a non-2xx response: its parsed problem body, or what can be said without one. */
export function problemFromResponse(status: number, statusText: string, body: unknown): AskdataProblemError {
  const problem = isRecord(body) ? body : {};
  const extensions = Object.fromEntries(Object.entries(problem).filter(([key]) => !KNOWN.has(key)));
  return new AskdataProblemError({
    // RFC 9457 3.1.1: a missing type means "about:blank", whose title is the status text.
    type: stringOr(problem.type, 'about:blank'),
    title: stringOr(problem.title, statusText || `HTTP ${status}`),
    // The HTTP status is authoritative; a body's own `status` is advisory (RFC 9457 3.1.2).
    status,
    detail: stringOr(problem.detail, `The server answered ${status} without a problem description.`),
    instance: typeof problem.instance === 'string' ? problem.instance : undefined,
    requestId: typeof problem.requestId === 'string' ? problem.requestId : undefined,
    issues: issuesOf(problem.issues),
    extensions,
  });
}
