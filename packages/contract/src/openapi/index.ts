/**
 * @askdata/client/openapi: the contract tooling shared by both apps and their tests: OpenAPI types and
 * builders over zod (z.toJSONSchema), the problem+json schema, the docs page renderer and a JSON Schema
 * checker for the subset the documents use. It lives beside the client because it is the API contract,
 * and the client's own tests check responses against the same documents.
 */
export * from './document';
export * from './problem-schema';
export * from './to-json-schema';
export * from './json-schema-check';
export { renderDocsPage } from './render-docs';
export { escapeHtml } from './render-schema';
export * from './check-response';
