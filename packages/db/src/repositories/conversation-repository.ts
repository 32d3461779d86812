import type { TenantScope } from '@askdata/core';
import type { Conversation, Prisma } from '../generated/sqlite/client';
import { newId } from '../ids';
import { objectJson, origin, toJsonValue } from '../json-values';
import { inStringList, stringListParam, tableName, type DirectStore } from '../direct/direct-store';
import type { DbClient } from '../prisma-clients';
import type { ConversationRecord, ConversationRepository, Owner } from '../store';
import { ownedBy, ownerOf } from './owner-filter';
import { isUniqueViolation } from './unique-violation';

/** A conversation row as the store returns it (exported for bench/store-write-ab.ts, which reads rows back as the store does). */
export function conversationRecordOf(row: Conversation): ConversationRecord {
  return {
    id: row.id,
    origin: origin.parse(row.origin),
    externalId: row.externalId,
    owner: ownerOf(row),
    context: objectJson.parse(row.context),
    createdAt: row.createdAt,
  };
}

export interface NewConversation {
  origin: 'v1' | 'legacy';
  externalId?: string;
  owner: Owner;
  /** The conversation keeps the context its first request sent (scope.sent), for the record. */
  scope: TenantScope;
  /** An id reserved earlier (reserveIds); a new one otherwise. */
  id?: string;
}

/**
 * What create writes (context normalised and checked as a read would check it) and the record it
 * returns without reading the row back; createdAt comes from the INSERT. Shared with the answer
 * repository, which writes a new conversation together with its first answer.
 */
export function prepareConversation(input: NewConversation) {
  const record: Omit<ConversationRecord, 'createdAt'> = {
    id: input.id ?? newId('conv'),
    origin: origin.parse(input.origin),
    externalId: input.externalId ?? null,
    owner: ownerOf(input.owner),
    context: objectJson.parse(toJsonValue(input.scope.sent)),
  };
  const data = {
    id: record.id,
    origin: record.origin,
    externalId: record.externalId,
    ...ownedBy(input.owner),
    context: record.context as Prisma.InputJsonValue,
  };
  return { record, data };
}

/**
 * Each conversation's first question, one indexed lookup per conversation on the driver. Prisma's nested
 * `answers: { take: 1 }` over several conversations reads every answer of all of them and keeps the first
 * in memory (its SQL has no limit), so a page of conversations read all their questions (issue 25, item 2).
 */
function firstQuestionsSql(direct: DirectStore): string {
  const answers = tableName(direct.dialect, 'Answer');
  const first = `(SELECT a.question FROM ${answers} a WHERE a."conversationId" = c.id ORDER BY a."createdAt", a.id LIMIT 1)`;
  return `SELECT c.id, ${first} AS question FROM ${tableName(direct.dialect, 'Conversation')} c WHERE ${inStringList(direct.dialect, 'c.id', 1)}`;
}

export function conversationRepository(db: DbClient, direct: DirectStore): ConversationRepository {
  const firstQuestions = firstQuestionsSql(direct);
  const create = async (input: NewConversation): Promise<ConversationRecord> => {
    const { record, data } = prepareConversation(input);
    const { createdAt } = await db.conversation.create({ data, select: { createdAt: true } });
    return { ...record, createdAt };
  };

  const findLegacy = async (externalId: string, tenantKey: string) => {
    const row = await db.conversation.findUnique({
      where: { origin_tenantKey_externalId: { origin: 'legacy', tenantKey, externalId } },
    });
    return row ? conversationRecordOf(row) : null;
  };

  return {
    create,
    findLegacy: (externalId, owner) => findLegacy(externalId, owner.tenantKey),
    async findOwned(id, owner) {
      const row = await db.conversation.findFirst({ where: { id, ...ownedBy(owner) } });
      return row ? conversationRecordOf(row) : null;
    },
    async listOwned(owner, page) {
      const { after } = page;
      const rows = await db.conversation.findMany({
        where: {
          ...ownedBy(owner),
          ...(after === undefined ? {} : { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }),
        },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: page.limit,
        select: { id: true, createdAt: true },
      });
      if (rows.length === 0) return [];
      const questions = await direct.queryAll<{ id: string; question: string | null }>({ sql: firstQuestions, params: [stringListParam(direct.dialect, rows.map((row) => row.id))] });
      const questionOf = new Map(questions.map((row) => [row.id, row.question]));
      return rows.map((row) => ({ id: row.id, createdAt: row.createdAt, firstQuestion: questionOf.get(row.id) ?? null }));
    },
    async upsertLegacy(input) {
      const existing = await findLegacy(input.externalId, input.owner.tenantKey);
      if (existing) return existing;
      try {
        return await create({ origin: 'legacy', ...input });
      } catch (error) {
        // A concurrent call created it between our read and our insert: the unique key settles who won.
        if (!isUniqueViolation(error)) throw error;
        const winner = await findLegacy(input.externalId, input.owner.tenantKey);
        if (!winner) throw error;
        return winner;
      }
    },
  };
}
