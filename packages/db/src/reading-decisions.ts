/**
 * An admin's decisions on the business readings introspection made of a data source (issue 38), kept in
 * the store keyed by the data source's description: the service has no model file to record them beside
 * (the command line keeps its own in <model>.reading-decisions.json), and every process on the store
 * must skip a rejected reading when it next introspects that data source.
 */
import type { AdminActor } from './teach-store';

export type ReadingDecisionKind = 'accepted' | 'rejected';

export interface ReadingDecisionRecord {
  dataSource: string;
  /** "<rule>:<entity>.<field>" (core's readingId). */
  readingId: string;
  decision: ReadingDecisionKind;
  rule: string;
  entity: string;
  field: string;
  words: string[];
  evidence: string;
  confidence: number;
  decidedAt: Date;
}

export type NewReadingDecision = Omit<ReadingDecisionRecord, 'decidedAt'>;

export interface ReadingDecisionRepository {
  /** Every decision on this data source, oldest first. */
  list(dataSource: string): Promise<ReadingDecisionRecord[]>;
  /** Records the decision (a later one on the same reading replaces it), audited as `reading.accept` / `reading.reject`. */
  decide(decision: NewReadingDecision, actor: AdminActor): Promise<ReadingDecisionRecord>;
}
