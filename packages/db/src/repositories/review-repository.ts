import { inStringList, stringListParam, tableName, type DirectStore, type SqlStatement } from '../direct/direct-store';
import type { Prisma } from '../generated/sqlite/client';
import { unknownTermsJson } from '../json-values';
import type { DbClient } from '../prisma-clients';
import type { QueuedQuestion, ReviewFilter, ReviewItem, ReviewReason, ReviewRepository } from '../teach-store';

type Keyset = { at: Date; id: string } | undefined;
const QUEUED_OUTCOMES = ['declined', 'clarification'] as const;

/** Strictly after `after` in (time desc, id desc) order, on the given time column. */
function beforeKeyset(column: 'createdAt' | 'updatedAt', after: Keyset): object {
  if (after === undefined) return {};
  return { OR: [{ [column]: { lt: after.at } }, { [column]: after.at, id: { lt: after.id } }] };
}

/** The answer columns a review item shows. */
const ITEM_COLUMNS = { id: true, conversationId: true, question: true, message: true, outcome: true, unknownTerms: true, tenantKey: true, createdAt: true } as const;

const newestFirst = (a: ReviewItem, b: ReviewItem): number => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

function queuedOutcomes(reasons: readonly ReviewReason[]): Array<'declined' | 'clarification'> {
  return QUEUED_OUTCOMES.filter((outcome) => reasons.includes(outcome));
}

/**
 * The review queue is read from the answers (declined and clarifying ones) and the feedback (negative
 * ones) as they are stored: no copy to keep in step. An answer leaves the queue when `resolvedAt` is set.
 */
/** A question's first characters and its length, on the driver: Prisma can select a column only whole. */
function excerptsStatement(direct: DirectStore, answerIds: readonly string[], length: number): SqlStatement {
  const table = tableName(direct.dialect, 'Answer');
  const ids = stringListParam(direct.dialect, answerIds);
  // SQLite binds `?` in the order they appear: the length (in the select list) comes before the ids.
  return direct.dialect.kind === 'postgres'
    ? { sql: `SELECT id, substr(question, 1, $2) AS excerpt, length(question) AS length FROM ${table} WHERE ${inStringList(direct.dialect, 'id', 1)}`, params: [ids, length] }
    : { sql: `SELECT id, substr(question, 1, ?) AS excerpt, length(question) AS length FROM ${table} WHERE ${inStringList(direct.dialect, 'id', 2)}`, params: [length, ids] };
}

export function reviewRepository(db: DbClient, direct: DirectStore): ReviewRepository {
  function answerWhere(filter: Omit<ReviewFilter, 'reasons'>, outcomes: readonly string[]): Prisma.AnswerWhereInput {
    return {
      outcome: { in: [...outcomes] },
      resolvedAt: null,
      ...(filter.since ? { createdAt: { gte: filter.since } } : {}),
      ...(filter.tenantKey !== undefined ? { tenantKey: filter.tenantKey } : {}),
    };
  }

  return {
    async list(filter, page) {
      const outcomes = queuedOutcomes(filter.reasons);
      const take = page.limit;
      // Only what an item shows: never the payload, plan or SQL (a negative feedback may be on a large answer).
      const declined = outcomes.length === 0 ? [] : await db.answer.findMany({
        where: { AND: [answerWhere(filter, outcomes), beforeKeyset('createdAt', page.after)] },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take,
        select: ITEM_COLUMNS,
      });
      const negative = !filter.reasons.includes('negative-feedback') ? [] : await db.feedback.findMany({
        where: {
          AND: [
            {
              rating: 'negative',
              ...(filter.since ? { updatedAt: { gte: filter.since } } : {}),
              answer: { resolvedAt: null, ...(filter.tenantKey !== undefined ? { tenantKey: filter.tenantKey } : {}) },
            },
            beforeKeyset('updatedAt', page.after),
          ],
        },
        orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
        take,
        select: { id: true, answerId: true, comment: true, updatedAt: true, answer: { select: ITEM_COLUMNS } },
      });
      const items: ReviewItem[] = [
        ...declined.map((row): ReviewItem => ({
          id: row.id,
          reason: row.outcome === 'clarification' ? 'clarification' : 'declined',
          at: row.createdAt,
          answerId: row.id,
          conversationId: row.conversationId,
          question: row.question,
          message: row.message,
          unknownTerms: unknownTermsJson.parse(row.unknownTerms ?? []),
          comment: null,
          tenantKey: row.tenantKey,
        })),
        ...negative.map((row): ReviewItem => ({
          id: row.id,
          reason: 'negative-feedback',
          at: row.updatedAt,
          answerId: row.answerId,
          conversationId: row.answer.conversationId,
          question: row.answer.question,
          message: row.answer.message,
          unknownTerms: unknownTermsJson.parse(row.answer.unknownTerms ?? []),
          comment: row.comment,
          tenantKey: row.answer.tenantKey,
        })),
      ];
      return items.sort(newestFirst).slice(0, page.limit);
    },
    async queued(filter, limit) {
      const rows = await db.answer.findMany({
        where: answerWhere(filter, filter.reasons ?? QUEUED_OUTCOMES),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        select: { id: true, question: true, tenantKey: true, type: true, message: true, outcome: true, unknownTerms: true, createdAt: true },
      });
      return rows.map((row): QueuedQuestion => ({
        answerId: row.id,
        question: row.question,
        tenantKey: row.tenantKey,
        type: row.type,
        message: row.message,
        outcome: row.outcome === 'clarification' ? 'clarification' : 'declined',
        unknownTerms: unknownTermsJson.parse(row.unknownTerms ?? []),
        createdAt: row.createdAt,
      }));
    },
    async queuedTerms(filter, limit) {
      const rows = await db.answer.findMany({
        where: answerWhere(filter, filter.reasons ?? QUEUED_OUTCOMES),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        select: { id: true, unknownTerms: true },
      });
      return rows.map((row) => ({ answerId: row.id, unknownTerms: unknownTermsJson.parse(row.unknownTerms ?? []) }));
    },
    async questionExcerpts(answerIds, length) {
      if (answerIds.length === 0) return [];
      const rows = await direct.queryAll<{ id: string; excerpt: string; length: number | string }>(excerptsStatement(direct, answerIds, length));
      return rows.map((row) => ({ answerId: row.id, excerpt: row.excerpt, length: Number(row.length) }));
    },
    async resolve(answerIds) {
      if (answerIds.length === 0) return;
      await db.answer.updateMany({ where: { id: { in: [...answerIds] }, resolvedAt: null }, data: { resolvedAt: new Date() } });
    },
  };
}
