/**
 * POST /ask's body through the contract's askBodySchema: the parsed body, or a 400 listing every failing
 * field, whose detail names the accepted requestContext forms when that field fails.
 */
import { REQUEST_CONTEXT_FORMS, type askBodySchema, type AskBody } from '@askdata/contract';
import { HttpProblem, issuesFrom } from '@askdata/http-kit';

export function parseAskBody(schema: ReturnType<typeof askBodySchema>, body: unknown): AskBody {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = issuesFrom('body', result.error);
  const contextFailed = issues.some((issue) => issue.path === 'body.requestContext');
  const count = issues.length === 1 ? 'One part of the request is invalid.' : `${issues.length} parts of the request are invalid.`;
  throw new HttpProblem(400, 'validation-failed', 'Request validation failed', contextFailed ? `${count} ${REQUEST_CONTEXT_FORMS}` : count, { issues });
}
