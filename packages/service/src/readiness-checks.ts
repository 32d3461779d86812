/** What /readyz probes: the store and the data source, each one cheap round trip. */
import type { AnswerDeps } from '@askdata/core';
import type { Store } from '@askdata/db';

export function readinessChecks(deps: { store: Store; answerDeps: Pick<AnswerDeps, 'dataSource'> }): Record<string, () => Promise<void>> {
  return { store: () => deps.store.ping(), dataSource: () => deps.answerDeps.dataSource.ping() };
}
