import type { Answer } from '../generated/sqlite/client';
import { newId } from '../ids';
import { answerType, objectJson, parametersJson, timingsJson, toJsonInput } from '../json-values';
import type { DbClient } from '../prisma-clients';
import type { AnswerRecord, AnswerRepository } from '../store';
import { ownedBy, ownerOf } from './owner-filter';

function toRecord(row: Answer): AnswerRecord {
  return {
    id: row.id,
    conversationId: row.conversationId,
    owner: ownerOf(row),
    question: row.question,
    type: answerType.parse(row.type),
    message: row.message,
    payload: row.payload,
    plan: row.plan ?? null,
    sql: row.sql,
    sqlParameters: parametersJson.parse(row.sqlParameters ?? null),
    engine: row.engine,
    confidence: row.confidence,
    timings: timingsJson.parse(row.timings),
    meta: objectJson.parse(row.meta),
    createdAt: row.createdAt,
  };
}

export function answerRepository(db: DbClient): AnswerRepository {
  return {
    async create(answer) {
      const row = await db.answer.create({
        data: {
          id: newId('ans'),
          conversationId: answer.conversationId,
          ...ownedBy(answer.owner),
          question: answer.question,
          type: answer.type,
          message: answer.message,
          payload: toJsonInput(answer.payload ?? null),
          // Nullable JSON columns: leaving them out stores SQL NULL (a JSON `null` would need Prisma.DbNull).
          ...(answer.plan == null ? {} : { plan: toJsonInput(answer.plan) }),
          ...(answer.sqlParameters == null ? {} : { sqlParameters: toJsonInput(answer.sqlParameters) }),
          sql: answer.sql,
          engine: answer.engine,
          confidence: answer.confidence,
          timings: toJsonInput(answer.timings),
          meta: toJsonInput(answer.meta),
        },
      });
      return toRecord(row);
    },
    async findOwned(id, owner) {
      const row = await db.answer.findFirst({ where: { id, ...ownedBy(owner) } });
      return row ? toRecord(row) : null;
    },
    async findOwnedByPrincipal(id, principal) {
      const row = await db.answer.findFirst({ where: { id, apiKeyId: principal.apiKeyId, principal: principal.principal } });
      return row ? toRecord(row) : null;
    },
    async listForConversation(conversationId, limit) {
      if (limit <= 0) return [];
      // Newest `limit` first, then flipped: the caller wants them oldest first. Ids break createdAt ties.
      const rows = await db.answer.findMany({
        where: { conversationId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
      });
      return rows.reverse().map(toRecord);
    },
    count() {
      return db.answer.count();
    },
  };
}
