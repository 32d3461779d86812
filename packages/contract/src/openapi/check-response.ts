/**
 * Checks one real HTTP response against an OpenAPI document: the status must be documented for that
 * operation, the content type must be the documented media type, and the body must satisfy its schema
 * ($refs resolved against the document). Used by both apps' contract tests.
 */
import type { HttpMethod, OpenApiDocument } from './document';
import { checkJsonSchema, type SchemaIssue } from './json-schema-check';

export interface ObservedResponse {
  /** The document's path template, e.g. "/api/v1/conversations/answer/{answerId}/feedback". */
  path: string;
  method: HttpMethod;
  status: number;
  /** The Content-Type header (parameters such as charset are ignored). */
  contentType: string | undefined;
  body: unknown;
}

export function checkResponse(document: OpenApiDocument, observed: ObservedResponse): SchemaIssue[] {
  const where = `${observed.method.toUpperCase()} ${observed.path} ${observed.status}`;
  const operation = document.paths[observed.path]?.[observed.method];
  if (!operation) return [{ at: '/', message: `${observed.method.toUpperCase()} ${observed.path} is not in the document` }];
  const response = operation.responses[String(observed.status)];
  if (!response) return [{ at: '/', message: `${where}: status not documented (documented: ${Object.keys(operation.responses).join(', ')})` }];
  const mediaType = (observed.contentType ?? '').split(';')[0]?.trim() ?? '';
  const media = response.content?.[mediaType];
  if (!media) return [{ at: '/', message: `${where}: content type "${mediaType}" not documented (documented: ${Object.keys(response.content ?? {}).join(', ') || 'none'})` }];
  return checkJsonSchema(media.schema, observed.body, { root: document });
}
