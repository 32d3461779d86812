/**
 * zod -> JSON Schema (2020-12, the dialect of OpenAPI 3.1) for a document's components and bodies.
 * Request bodies are described as the caller sends them (io "input": before trims and defaults),
 * responses as the server emits them (io "output"). Refinements that JSON Schema cannot express (e.g.
 * "every row has one cell per header") are not in the output, so schemas say so in their descriptions.
 */
import { z } from 'zod';
import type { JsonSchema } from './json-schema';

export interface ToJsonSchemaOptions {
  io: 'input' | 'output';
  /** Adjusts one generated node in place, e.g. to document a transform's accepted input forms. */
  override?: (node: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema; path: (string | number)[] }) => void;
}

export function toJsonSchema(schema: z.ZodType, options: ToJsonSchemaOptions): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: options.io,
    // Throw on anything unrepresentable (a transform in an output schema): a silent `{}` would document nothing.
    unrepresentable: 'throw',
    ...(options.override ? { override: (ctx) => options.override?.({ zodSchema: ctx.zodSchema, jsonSchema: ctx.jsonSchema, path: ctx.path }) } : {}),
  });
  return rest;
}

/**
 * Several schemas at once, each under its name: where one holds another (or the very schema another name
 * is), it says `{ "$ref": "<name>" }` instead of repeating it. The client's types are generated from these,
 * so a shape the contract shares keeps one name there too.
 */
export function namedJsonSchemas(schemas: Record<string, z.ZodType>, options: Pick<ToJsonSchemaOptions, 'io'>): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) {
    // One schema under two names would silently keep the last: say which instead.
    if (registry.has(schema)) throw new Error(`${id} is the same schema as ${registry.get(schema)?.id}; give each schema one name`);
    registry.add(schema, { id });
  }
  const { schemas: named } = z.toJSONSchema(registry, { target: 'draft-2020-12', io: options.io, unrepresentable: 'throw', uri: (id) => id });
  return Object.fromEntries(Object.entries(named).map(([id, { $schema: _dialect, $id: _id, ...rest }]) => [id, rest]));
}
