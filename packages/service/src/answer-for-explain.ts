/**
 * The stored answer behind GET .../answer/{id}/explain: only the principal (key) that created it can read
 * how it was produced; the request carries no context, as for feedback. Null means 404, exactly as for
 * an unknown id. Its payload is not read: explain never shows it, and it is the one large column.
 */
import type { AnswerFacts, Store } from '@askdata/db';
import type { Principal } from './ask-in-conversation';

export function answerForExplain(deps: { store: Store }, principal: Principal, answerId: string): Promise<AnswerFacts | null> {
  return deps.store.answers.findOwnedByPrincipal(answerId, principal);
}
