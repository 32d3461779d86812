/**
 * The operator's change marker for the data: after a data load, move the store-wide data version. Every
 * process reads that version with the knowledge version before each question (knowledge.ts), so each one
 * stops serving the results it cached on its next request; nothing is sent between processes. Audited
 * like every admin write, in the same transaction.
 */
import type { AdminActor, Store } from '@askdata/db';

export interface ResultsInvalidated {
  dataVersion: number;
  at: Date;
}

export function invalidateResults(deps: { store: Store }, actor: AdminActor, reason?: string): Promise<ResultsInvalidated> {
  return deps.store.knowledge.bumpDataVersion(actor, reason);
}
