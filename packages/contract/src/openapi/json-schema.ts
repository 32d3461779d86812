/**
 * A JSON Schema (2020-12) node, as the converter makes it and the documents, renderer and checker read it.
 * A file of its own so the converter need not import the OpenAPI document types, which import the converter.
 */
export type JsonSchema = { [keyword: string]: unknown };
