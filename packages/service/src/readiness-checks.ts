/**
 * What /readyz probes: the store and the data source, each one cheap round trip, and the taught knowledge:
 * the store may answer a ping while the entries cannot be read (a broken row, a missing table), and the
 * process then answers with the entries it last loaded, which an orchestrator should see.
 */
import type { AnswerDeps } from '@askdata/core';
import type { Store } from '@askdata/db';
import type { Knowledge } from './teach/knowledge';

export function readinessChecks(deps: { store: Store; answerDeps: Pick<AnswerDeps, 'dataSource'>; knowledge?: Pick<Knowledge, 'check'> }): Record<string, () => Promise<void>> {
  const { knowledge } = deps;
  return {
    store: () => deps.store.ping(),
    dataSource: () => deps.answerDeps.dataSource.ping(),
    ...(knowledge ? { knowledge: () => knowledge.check() } : {}),
  };
}
