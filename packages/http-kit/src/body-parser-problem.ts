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

/**
 * A stream error while decompressing (zlib's Z_DATA_ERROR / Z_BUF_ERROR, brotli's ERR__ERROR_*), which
 * body-parser passes on as a bare 400 with the decoder's code and no `type`: the body is not the encoding
 * it claims. It used to fall through to a 500.
 */
function isDecodeError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { type?: unknown; status?: unknown; code?: unknown };
  return candidate.type === undefined && candidate.status === 400 && typeof candidate.code === 'string' && /^(Z_|ERR_)/.test(candidate.code);
}

export function problemFromBodyParserError(error: unknown): HttpProblem | null {
  if (isDecodeError(error)) return problems.malformedEncoding();
  if (!isBodyParserError(error)) return null;
  switch (error.type) {
    case 'entity.parse.failed':
      return problems.badRequest('malformed-json', 'Malformed JSON', 'The request body is not valid JSON (or not a JSON object or array).');
    case 'entity.too.large':
      return problems.payloadTooLarge(typeof error.limit === 'number' ? error.limit : undefined);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return problems.unsupportedMediaType('The request body uses a charset or content encoding this service does not accept (encodings: gzip, deflate, br).');
    case 'request.aborted':
    case 'request.size.invalid':
      return problems.badRequest('incomplete-body', 'Incomplete request body', 'The request body did not match its Content-Length.');
    default:
      return null;
  }
}
