/**
 * The OpenAPI tooling of the contract, shared by both documents and the apps' tests: OpenAPI types and
 * builders over zod (z.toJSONSchema), the problem+json schema, the docs page renderer and a JSON Schema
 * checker for the subset the documents use.
 */
export * from './document';
export type { JsonSchema } from './json-schema';
export { probePaths, SAME_SERVER } from './probe-paths';
export * from './problem-schema';
export * from './to-json-schema';
export * from './json-schema-check';
export { renderDocsPage } from './render-docs';
export { escapeHtml } from './render-schema';
export * from './check-response';
