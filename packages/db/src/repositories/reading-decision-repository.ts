import type { ReadingDecision } from '../generated/sqlite/client';
import { newId } from '../ids';
import { toJsonValue } from '../json-values';
import type { DbClient } from '../prisma-clients';
import type { ReadingDecisionRecord, ReadingDecisionRepository } from '../reading-decisions';
import { writeAudit } from './knowledge-repository';

function decisionRecord(row: ReadingDecision): ReadingDecisionRecord {
  const words = Array.isArray(row.words) ? row.words.filter((word): word is string => typeof word === 'string') : [];
  return {
    dataSource: row.dataSource,
    readingId: row.readingId,
    decision: row.decision === 'accepted' ? 'accepted' : 'rejected',
    rule: row.rule,
    entity: row.entity,
    field: row.field,
    words,
    evidence: row.evidence,
    confidence: row.confidence,
    decidedAt: row.decidedAt,
  };
}

const auditCopy = (record: ReadingDecisionRecord) => ({ ...record, decidedAt: record.decidedAt.toISOString() });

export function readingDecisionRepository(db: DbClient): ReadingDecisionRepository {
  return {
    async list(dataSource) {
      const rows = await db.readingDecision.findMany({ where: { dataSource }, orderBy: [{ decidedAt: 'asc' }, { id: 'asc' }] });
      return rows.map(decisionRecord);
    },
    async decide(decision, actor) {
      return db.$transaction(async (tx) => {
        const key = { dataSource_readingId: { dataSource: decision.dataSource, readingId: decision.readingId } };
        const earlier = await tx.readingDecision.findUnique({ where: key });
        const fields = { decision: decision.decision, rule: decision.rule, entity: decision.entity, field: decision.field, words: toJsonValue(decision.words), evidence: decision.evidence, confidence: decision.confidence, decidedAt: new Date() };
        const row = await tx.readingDecision.upsert({ where: key, create: { id: newId('rd'), dataSource: decision.dataSource, readingId: decision.readingId, ...fields }, update: fields });
        const record = decisionRecord(row);
        await writeAudit(tx, { action: decision.decision === 'accepted' ? 'reading.accept' : 'reading.reject', target: `${decision.dataSource} ${decision.readingId}`, before: earlier === null ? null : auditCopy(decisionRecord(earlier)), after: auditCopy(record) }, actor);
        return record;
      });
    },
  };
}
