/**
 * Issue 39: a reply that picks one of the two readings a clarifying question offered is a signal for the
 * review queue. The pick is recorded on the clarification it answers (the answer just before the reply in
 * the same conversation, of the same owner), so an operator sees which reading people meant and can teach it.
 */
import { pickedReadingOf, type AnswerOutcome } from '@askdata/core';
import type { AnswerRecord, Owner, Store } from '@askdata/db';

export async function recordPick(store: Store, reply: { conversationId: string; owner: Owner; answer: AnswerRecord; outcome: AnswerOutcome }): Promise<void> {
  // Only the rules engine writes the pick's trace entry; a trace another planner returned is not trusted.
  if (reply.outcome.engine !== 'rules') return;
  const picked = pickedReadingOf(reply.outcome.trace);
  if (picked === undefined) return;
  await store.review.recordPick({ conversationId: reply.conversationId, owner: reply.owner, answer: { id: reply.answer.id, createdAt: reply.answer.createdAt }, ...picked });
}
