/**
 * body-parser (behind express.json) reports failures as errors with a `type` string and a 4xx `status`.
 * This turns the ones a client can cause into problems; anything else stays unknown (a 500).
 */
import { HttpProblem } from './problem';
import { problems } from './problems';

interface BodyParserError {
  type: string;
  status: number;
  limit?: number;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { type?: unknown; status?: unknown };
  return typeof candidate.type === 'string' && typeof candidate.status === 'number';
}

export function problemFromBodyParserError(error: unknown): HttpProblem | null {
  if (!isBodyParserError(error)) return null;
  switch (error.type) {
    case 'entity.parse.failed':
      return problems.badRequest('malformed-json', 'Malformed JSON', 'The request body is not valid JSON (or not a JSON object or array).');
    case 'entity.too.large':
      return problems.payloadTooLarge(typeof error.limit === 'number' ? error.limit : undefined);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return problems.unsupportedMediaType('The request body uses a charset or content encoding this service does not accept.');
    case 'request.aborted':
    case 'request.size.invalid':
      return problems.badRequest('incomplete-body', 'Incomplete request body', 'The request body did not match its Content-Length.');
    default:
      return null;
  }
}
