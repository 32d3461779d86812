import type { TenantScope } from '@askdata/core';
import type { Conversation, Prisma } from '../generated/sqlite/client';
import { newId } from '../ids';
import { objectJson, origin, toJsonValue } from '../json-values';
import type { DbClient } from '../prisma-clients';
import type { ConversationRecord, ConversationRepository, Owner } from '../store';
import { ownedBy, ownerOf } from './owner-filter';
import { isUniqueViolation } from './unique-violation';

function toRecord(row: Conversation): ConversationRecord {
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

export function conversationRepository(db: DbClient): ConversationRepository {
  const create = async (input: NewConversation): Promise<ConversationRecord> => {
    const { record, data } = prepareConversation(input);
    const { createdAt } = await db.conversation.create({ data, select: { createdAt: true } });
    return { ...record, createdAt };
  };

  const findLegacy = async (externalId: string, tenantKey: string) => {
    const row = await db.conversation.findUnique({
      where: { origin_tenantKey_externalId: { origin: 'legacy', tenantKey, externalId } },
    });
    return row ? toRecord(row) : null;
  };

  return {
    create,
    findLegacy: (externalId, owner) => findLegacy(externalId, owner.tenantKey),
    async findOwned(id, owner) {
      const row = await db.conversation.findFirst({ where: { id, ...ownedBy(owner) } });
      return row ? toRecord(row) : null;
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
        select: { id: true, createdAt: true, answers: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: 1, select: { question: true } } },
      });
      return rows.map((row) => ({ id: row.id, createdAt: row.createdAt, firstQuestion: row.answers[0]?.question ?? null }));
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
