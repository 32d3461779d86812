/**
 * One question through the v1 interface: the shared conversation flow (@askdata/service) with the
 * caller's key as principal, returned in the v1 Answer shape.
 */
import { toV1Answer, type V1Answer } from '@askdata/core';
import { askInConversation as ask, type AskDeps } from '@askdata/service';
import type { Principal } from '../middleware/principal';

export type { AskDeps };

export interface AskInput {
  question: string;
  context: Record<string, unknown>;
  conversationId?: string | undefined;
}

export async function askInConversation(deps: AskDeps, principal: Principal, input: AskInput): Promise<V1Answer> {
  const { conversation, answer, outcome } = await ask(deps, {
    question: input.question,
    context: input.context,
    principal: { apiKeyId: principal.apiKeyId, principal: principal.principal },
    conversation: input.conversationId === undefined ? { kind: 'new' } : { kind: 'existing', id: input.conversationId },
  });
  return toV1Answer(outcome.answer, { id: answer.id, conversationId: conversation.id });
}
