import type { Feedback } from '../generated/sqlite/client';
import { newId } from '../ids';
import { rating } from '../json-values';
import { inStringList, stringListParam, tableName, type DirectStore } from '../direct/direct-store';
import type { DbClient } from '../prisma-clients';
import type { FeedbackRecord, FeedbackRepository } from '../store';

function toRecord(row: Feedback): FeedbackRecord {
  return {
    id: row.id,
    answerId: row.answerId,
    rating: rating.parse(row.rating),
    comment: row.comment,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The ids of each answer's newest `n` feedback records: one window query on the driver (Prisma would read
 * every record of every answer to take the newest few of each), so an answer flooded with feedback costs
 * a history page no more than `n` records.
 */
function newestIdsSql(direct: DirectStore): string {
  const limit = direct.dialect.kind === 'postgres' ? '$2' : '?';
  return `SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY "answerId" ORDER BY "createdAt" DESC, id DESC) AS n FROM ${tableName(direct.dialect, 'Feedback')} WHERE ${inStringList(direct.dialect, '"answerId"', 1)}) AS ranked WHERE n <= ${limit}`;
}

export function feedbackRepository(db: DbClient, direct: DirectStore): FeedbackRepository {
  const newestIds = newestIdsSql(direct);
  return {
    async create(input) {
      return toRecord(await db.feedback.create({ data: { id: newId('fb'), answerId: input.answerId, rating: input.rating, comment: input.comment } }));
    },
    async listForAnswers(answerIds, options = {}) {
      if (answerIds.length === 0) return [];
      const newest = options.newestPerAnswer;
      const ids = newest === undefined ? undefined : (await direct.queryAll<{ id: string }>({ sql: newestIds, params: [stringListParam(direct.dialect, answerIds), newest] })).map((row) => row.id);
      if (ids?.length === 0) return [];
      const rows = await db.feedback.findMany({ where: ids === undefined ? { answerId: { in: [...answerIds] } } : { id: { in: ids } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
      return rows.map(toRecord);
    },
    async find(answerId, feedbackId) {
      const row = await db.feedback.findFirst({ where: { id: feedbackId, answerId } });
      return row ? toRecord(row) : null;
    },
    async update(feedbackId, changes) {
      // Only the keys the caller sent: an absent comment keeps the old one, an explicit null clears it.
      const data = {
        ...(changes.rating !== undefined ? { rating: changes.rating } : {}),
        ...(changes.comment !== undefined ? { comment: changes.comment } : {}),
      };
      return toRecord(await db.feedback.update({ where: { id: feedbackId }, data }));
    },
  };
}
