import type { Conversation } from '../generated/sqlite/client';
import { newId } from '../ids';
import { objectJson, origin, toJsonInput } from '../json-values';
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

export function conversationRepository(db: DbClient): ConversationRepository {
  const create = async (input: { origin: 'v1' | 'legacy'; externalId?: string; owner: Owner; context: Record<string, unknown> }) =>
    toRecord(
      await db.conversation.create({
        data: {
          id: newId('conv'),
          origin: input.origin,
          externalId: input.externalId ?? null,
          ...ownedBy(input.owner),
          context: toJsonInput(input.context),
        },
      }),
    );

  const findLegacy = async (externalId: string, tenantKey: string) => {
    const row = await db.conversation.findUnique({
      where: { origin_tenantKey_externalId: { origin: 'legacy', tenantKey, externalId } },
    });
    return row ? toRecord(row) : null;
  };

  return {
    create,
    async findOwned(id, owner) {
      const row = await db.conversation.findFirst({ where: { id, ...ownedBy(owner) } });
      return row ? toRecord(row) : null;
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
