/**
 * RFC 9457 problem details: the one error body both apps send. `HttpProblem` is what the HTTP edge throws
 * (core throws CoreError; the error handler translates both). Problem `type`s are tag URIs: stable,
 * never dereferenced, and documented in the README, so clients can switch on them.
 */
import type { ErrorIssue } from '@askdata/core';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** `tag:` URIs (RFC 4151) identify a problem type without promising a web page behind it. */
export function problemType(slug: string): string {
  return `tag:askdata.dev,2025:problem:${slug}`;
}

/** The JSON body of every error response. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  requestId: string;
  issues?: ErrorIssue[];
  [extension: string]: unknown;
}

export interface HttpProblemOptions {
  issues?: ErrorIssue[];
  /** Response headers that belong to this problem (WWW-Authenticate, Retry-After, Allow). */
  headers?: Record<string, string>;
  /** Extra members safe to show a caller. */
  extensions?: Record<string, unknown>;
}

export class HttpProblem extends Error {
  readonly status: number;
  readonly slug: string;
  readonly title: string;
  readonly issues: readonly ErrorIssue[];
  readonly headers: Readonly<Record<string, string>>;
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(status: number, slug: string, title: string, detail: string, options: HttpProblemOptions = {}) {
    super(detail);
    this.name = 'HttpProblem';
    this.status = status;
    this.slug = slug;
    this.title = title;
    this.issues = options.issues ?? [];
    this.headers = options.headers ?? {};
    this.extensions = options.extensions ?? {};
  }
}

export function isHttpProblem(error: unknown): error is HttpProblem {
  return error instanceof HttpProblem;
}
