/**
 * The caller's history: its conversations, and one conversation with its answers and their feedback.
 * The same rule as answering decides what is visible: the key and the tenant scope make the owner, and a
 * conversation of another key or tenant is not found, exactly like an unknown id.
 */
import type { TenantScope } from '@askdata/core';
import { ownerFor, type AnswerRecord, type ConversationRecord, type ConversationSummary, type FeedbackRecord, type Owner, type Store } from '@askdata/db';

/** The most answers a conversation's history shows (its newest ones): far more than people ask in one. */
export const HISTORY_ANSWER_LIMIT = 500;

interface HistoryCaller {
  principal: Pick<Owner, 'apiKeyId' | 'principal'>;
  scope: TenantScope;
}

/** `limit + 1` conversations from `after` on: the extra one only says there is a next page. */
export async function listConversations(deps: { store: Store }, caller: HistoryCaller, page: { limit: number; after?: { createdAt: Date; id: string } }): Promise<ConversationSummary[]> {
  const owner = ownerFor(caller.principal, caller.scope);
  return deps.store.conversations.listOwned(owner, { limit: page.limit + 1, ...(page.after ? { after: page.after } : {}) });
}

export async function conversationHistory(
  deps: { store: Store },
  caller: HistoryCaller,
  conversationId: string,
): Promise<{ conversation: ConversationRecord; answers: AnswerRecord[]; feedback: FeedbackRecord[] } | null> {
  const owner = ownerFor(caller.principal, caller.scope);
  const conversation = await deps.store.conversations.findOwned(conversationId, owner);
  if (!conversation) return null;
  const answers = await deps.store.answers.listForConversation(conversation.id, HISTORY_ANSWER_LIMIT);
  const feedback = await deps.store.feedback.listForAnswers(answers.map((answer) => answer.id));
  return { conversation, answers, feedback };
}
