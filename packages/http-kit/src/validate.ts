/**
 * Request validation with zod, reporting every failing part (params, query, body) in one 400, each issue
 * with a dotted path such as `body.question`. Path parameters are different: a path whose id cannot
 * exist names no resource, so a params failure is a 404, not a 400.
 *
 * The handler receives the parsed, typed input, so routes never read `req.body` untyped.
 */
import type { ErrorIssue } from '@askdata/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { problems } from './problems';

export interface RequestSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

export type ValidatedInput<S extends RequestSchemas> = {
  [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never;
};

type ValidatedHandler<S extends RequestSchemas> = (input: ValidatedInput<S>, req: Request, res: Response, next: NextFunction) => unknown;

/** zod issues -> `{path, message}`; an unknown field is reported at its own path (`body.extra`), one issue per field. */
export function issuesFrom(part: string, error: z.ZodError): ErrorIssue[] {
  return error.issues.flatMap((issue) => {
    const base = [part, ...issue.path.map((segment) => String(segment))];
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: [...base, key].join('.'), message: 'is not a known field' }));
    return [{ path: base.join('.'), message: issue.message }];
  });
}

export function validate<S extends RequestSchemas>(schemas: S, handler: ValidatedHandler<S>): RequestHandler {
  const parts = (['params', 'query', 'body'] as const).filter((part) => schemas[part] !== undefined);
  if (parts.length === 0) throw new TypeError('validate: give at least one schema');
  return (req, res, next) => {
    const input: Record<string, unknown> = {};
    const issues: ErrorIssue[] = [];
    for (const part of parts) {
      const result = (schemas[part] as z.ZodType).safeParse(req[part]);
      if (result.success) {
        input[part] = result.data;
      } else if (part === 'params') {
        return next(problems.notFound('No such resource.'));
      } else {
        issues.push(...issuesFrom(part, result.error));
      }
    }
    if (issues.length > 0) return next(problems.validation(issues));
    // Every declared part parsed successfully above, so the record has exactly the declared keys.
    return handler(input as ValidatedInput<S>, req, res, next);
  };
}
