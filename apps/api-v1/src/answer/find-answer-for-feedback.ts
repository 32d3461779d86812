/**
 * Ownership for feedback. An answer belongs to a key AND a tenant, but feedback requests carry no
 * context (interface.md 4.2/4.3 define only rating and comment), so the tenant cannot be re-derived.
 * We therefore accept feedback from the same principal (API key) that created the answer: a key already
 * holds every tenant it asks as (the caller chooses the context), so this widens nothing the key could
 * not do anyway, while another key still gets a 404.
 */
import type { AnswerRecord, Store } from '@askdata/db';
import type { Principal } from '../middleware/principal';

export function findAnswerForFeedback(store: Store, answerId: string, principal: Principal): Promise<AnswerRecord | null> {
  return store.answers.findOwnedByPrincipal(answerId, { apiKeyId: principal.apiKeyId, principal: principal.principal });
}
