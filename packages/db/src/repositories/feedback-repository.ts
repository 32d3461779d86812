import type { Feedback } from '../generated/sqlite/client';
import { newId } from '../ids';
import { rating } from '../json-values';
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

export function feedbackRepository(db: DbClient): FeedbackRepository {
  return {
    async create(input) {
      return toRecord(await db.feedback.create({ data: { id: newId('fb'), answerId: input.answerId, rating: input.rating, comment: input.comment } }));
    },
    async listForAnswers(answerIds) {
      if (answerIds.length === 0) return [];
      const rows = await db.feedback.findMany({ where: { answerId: { in: [...answerIds] } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
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
