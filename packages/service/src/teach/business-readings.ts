/**
 * The review of the business readings introspection made of the service's data source (issue 38): each
 * reading with its evidence, confidence and the admin's decision; accepting or rejecting one records the
 * decision in the store, keyed by the data source's description. A rejected reading is withdrawn the next
 * time the service introspects the data source (create-answer-deps.ts reads the rejections first): the
 * running model is left as it started, like every other start-up choice. Accepting one keeps it; the words
 * reach a model file when the owner scaffolds one (`npm run model:scaffold`, `askdata model suggest`).
 */
import { readingId, type BusinessReading } from '@askdata/core';
import type { ReadingDecisionKind, ReadingDecisionRecord } from '@askdata/db';
import type { AdminActor, AdminDeps } from './admin-deps';

export type ReadingStatus = 'pending' | ReadingDecisionKind;

export interface ReadingView {
  id: string;
  rule: string;
  entity: string;
  field: string;
  words: string[];
  evidence: string;
  confidence: number;
  status: ReadingStatus;
  /** When the decision was made; null while pending. */
  decidedAt: Date | null;
}

const viewOf = (reading: BusinessReading, decision: ReadingDecisionRecord | undefined): ReadingView => ({
  id: readingId(reading),
  rule: reading.rule,
  entity: reading.entity,
  field: reading.field,
  words: [...reading.words],
  evidence: reading.evidence,
  confidence: reading.confidence,
  status: decision?.decision ?? 'pending',
  decidedAt: decision?.decidedAt ?? null,
});

const dataSourceOf = (deps: AdminDeps): string => deps.answerDeps.dataSource.description;

/**
 * The readings the running model carries, then the rejected ones introspection withdrew at start (read
 * back from their decision, since the model no longer has them). A model file makes none: the list is empty.
 */
export async function listReadings(deps: AdminDeps): Promise<ReadingView[]> {
  const decisions = new Map((await deps.store.readingDecisions.list(dataSourceOf(deps))).map((decision) => [decision.readingId, decision]));
  const made = deps.answerDeps.model.readings ?? [];
  const views = made.map((reading) => viewOf(reading, decisions.get(readingId(reading))));
  const shown = new Set(views.map((view) => view.id));
  for (const decision of decisions.values()) {
    if (!shown.has(decision.readingId) && decision.decision === 'rejected') views.push(viewOf(decision, decision));
  }
  return views;
}

/** Records the decision, or null when the data source has no reading with that id. */
export async function decideReading(deps: AdminDeps, id: string, decision: ReadingDecisionKind, actor: AdminActor): Promise<ReadingView | null> {
  const reading = (await listReadings(deps)).find((view) => view.id === id);
  if (reading === undefined) return null;
  const { status: _status, decidedAt: _decidedAt, id: _id, ...facts } = reading;
  const record = await deps.store.readingDecisions.decide({ ...facts, dataSource: dataSourceOf(deps), readingId: id, decision }, actor);
  return { ...reading, status: record.decision, decidedAt: record.decidedAt };
}
