/**
 * The parts of OpenAPI 3.1 the askdata documents use, as types, plus the small builders both apps
 * share: JSON bodies, problem+json error responses and path parameters taken from zod param schemas.
 */
import type { z } from 'zod';
import type { JsonSchema } from './json-schema';
import { toJsonSchema } from './to-json-schema';

export interface MediaType {
  schema: JsonSchema;
  /** One sample value (OpenAPI's `example`); renderers show it and fill "try it" forms with it. */
  example?: unknown;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaType>;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  /** `deepObject` with `explode` for `context.<key>=<value>` query parameters. */
  style?: 'deepObject';
  explode?: boolean;
  schema: JsonSchema;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  /** `[]` marks an operation open to anyone when the document sets a global requirement. */
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; description?: string; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
}

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';
export type PathItem = Partial<Record<HttpMethod, OperationObject>>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes?: Record<string, { type: 'http'; scheme: 'bearer'; description?: string }>;
  };
  security?: Record<string, string[]>[];
}

export const PROBLEM_SCHEMA_NAME = 'Problem';
export const JSON_MEDIA = 'application/json';
export const PROBLEM_JSON = 'application/problem+json';

export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

export function jsonResponse(description: string, componentName: string, example?: unknown): ResponseObject {
  return { description, content: { [JSON_MEDIA]: { schema: schemaRef(componentName), ...(example === undefined ? {} : { example }) } } };
}

export interface RequestBodyOptions extends Pick<Parameters<typeof toJsonSchema>[1], 'override'> {
  example?: unknown;
}

export function jsonRequestBody(schema: z.ZodType, description?: string, options: RequestBodyOptions = {}): NonNullable<OperationObject['requestBody']> {
  const { example, ...schemaOptions } = options;
  return { required: true, ...(description ? { description } : {}), content: { [JSON_MEDIA]: { schema: toJsonSchema(schema, { io: 'input', ...schemaOptions }), ...(example === undefined ? {} : { example }) } } };
}

/**
 * Error responses: status -> which problem types (slugs) an operation can answer with it. The list is
 * the operation's documentation; the body schema is always the one Problem component.
 */
export function problemResponses(byStatus: Record<number, string>): Record<string, ResponseObject> {
  return Object.fromEntries(
    Object.entries(byStatus).map(([status, description]) => [status, { description, content: { [PROBLEM_JSON]: { schema: schemaRef(PROBLEM_SCHEMA_NAME) } } }]),
  );
}

/** One path parameter per key of a zod object param schema, with that key's own JSON Schema. */
export function pathParameters(paramsSchema: z.ZodObject, descriptions: Record<string, string> = {}): ParameterObject[] {
  const objectSchema = toJsonSchema(paramsSchema, { io: 'input' });
  const properties = (objectSchema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'path',
    required: true,
    ...(descriptions[name] ? { description: descriptions[name] } : {}),
    schema,
  }));
}
