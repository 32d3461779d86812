/**
 * Feedback on an answer (interface.md 4.2, 4.3). An answer belongs to a key AND a tenant, but feedback
 * requests carry no context, so the tenant cannot be re-derived: feedback is accepted from the principal
 * (API key) that created the answer. A key already holds every tenant it asks as (the caller chooses the
 * context), so this widens nothing, while another key still finds nothing (the app answers 404).
 */
import type { FeedbackRecord, Store } from '@askdata/db';
import type { Principal } from './ask-in-conversation';

type Rating = FeedbackRecord['rating'];

export type FeedbackUpdateResult = { kind: 'updated'; feedback: FeedbackRecord } | { kind: 'answer-not-found' } | { kind: 'feedback-not-found' };

/** The new feedback, or null when no answer with that id is visible to this principal. */
export async function addFeedback(deps: { store: Store }, principal: Principal, input: { answerId: string; rating: Rating; comment?: string | undefined }): Promise<FeedbackRecord | null> {
  const answer = await deps.store.answers.findOwnedByPrincipal(input.answerId, principal);
  if (!answer) return null;
  return deps.store.feedback.create({ answerId: answer.id, rating: input.rating, comment: input.comment ?? null });
}

export async function changeFeedback(
  deps: { store: Store },
  principal: Principal,
  input: { answerId: string; feedbackId: string; changes: { rating?: Rating | undefined; comment?: string | undefined } },
): Promise<FeedbackUpdateResult> {
  const answer = await deps.store.answers.findOwnedByPrincipal(input.answerId, principal);
  if (!answer) return { kind: 'answer-not-found' };
  const existing = await deps.store.feedback.find(answer.id, input.feedbackId);
  if (!existing) return { kind: 'feedback-not-found' };
  return { kind: 'updated', feedback: await deps.store.feedback.update(existing.id, input.changes) };
}
