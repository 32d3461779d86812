/**
 * The RFC 9457 problem+json body both apps send (http-kit's sendProblem), as a zod schema so the OpenAPI
 * documents describe errors from the same kind of source as answers. Extension members (code, details,
 * retryAfterSeconds, limitBytes, checks) vary by problem, so unknown members are allowed.
 */
import { z } from 'zod';

export const problemIssueSchema = z
  .object({
    path: z.string().meta({ description: 'Where the problem is, dotted: "body.question", "context.orgId".' }),
    message: z.string(),
  })
  .strict();

export const problemSchema = z
  .object({
    type: z.string().meta({ description: 'A stable tag URI, e.g. "tag:askdata.dev,2025:problem:validation-failed"; switch on it.' }),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string().meta({ description: 'What went wrong, for a person.' }),
    instance: z.string().meta({ description: 'The request path.' }),
    requestId: z.string().meta({ description: 'Also sent as the X-Request-Id header; quote it when reporting a problem.' }),
    issues: z.array(problemIssueSchema).optional().meta({ description: 'Every failing part of an invalid request.' }),
  })
  .catchall(z.unknown())
  .meta({ description: 'RFC 9457 problem details.' });

export type ProblemBodySchema = z.infer<typeof problemSchema>;
/** One failing part of a request, e.g. `{ path: "body.question", message: "must not be empty" }`. */
export type ProblemIssue = z.infer<typeof problemIssueSchema>;
