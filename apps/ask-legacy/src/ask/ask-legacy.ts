/**
 * One question through the legacy interface: the shared conversation flow (@askdata/service), so
 * planning, scoping, follow-ups and persistence are exactly v1's, returned in the legacy top-level shape.
 *
 * The conversation is the caller-named one: (tenant, conversationId), found or created by the store's
 * upsertLegacy with origin 'legacy'. The tenant part comes from requestContext, so the same id sent by
 * another organisation is that organisation's own conversation and never sees the first one's turns.
 */
import { toLegacyAnswer, type LegacyAnswer } from '@askdata/contract';
import { askInConversation, type AskDeps, type TenantScope } from '@askdata/service';

/** Legacy requests carry no API key; every one is owned by this principal (plus its tenant key). */
export const LEGACY_PRINCIPAL = { apiKeyId: null, principal: 'legacy' } as const;

export interface LegacyAsk {
  question: string;
  conversationId: string;
  /** requestContext, resolved once when the body was parsed (the per-organisation limit needed it). */
  scope: TenantScope;
}

export async function askLegacy(deps: AskDeps, input: LegacyAsk): Promise<LegacyAnswer> {
  const { outcome } = await askInConversation(deps, {
    question: input.question,
    scope: input.scope,
    principal: LEGACY_PRINCIPAL,
    conversation: { kind: 'caller-named', externalId: input.conversationId },
  });
  return toLegacyAnswer(outcome.answer);
}
