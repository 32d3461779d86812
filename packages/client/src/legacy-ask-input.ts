/**
 * The older POST /ask body (interface.md 4.4), written by hand: the contract reads `requestContext` as any
 * value and parses it in a transform (an object, or a string holding that JSON object), so it has no type
 * to generate this from. The legacy OpenAPI document describes the same two forms.
 */
export interface LegacyAskInput {
  question: string;
  conversationId: string;
  requestContext: Record<string, unknown> | string;
}
