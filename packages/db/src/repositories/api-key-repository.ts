import type { ApiKey, Prisma } from '../generated/sqlite/client';
import { objectJson } from '../json-values';
import { newId } from '../ids';
import type { DbClient } from '../prisma-clients';
import type { ApiKeyRecord, ApiKeyRepository } from '../store';

/** The hash never leaves this module: records carry only what is safe to show. */
function toRecord(row: ApiKey): ApiKeyRecord {
  return { id: row.id, name: row.name, prefix: row.prefix, admin: row.admin, context: row.context == null ? null : objectJson.parse(row.context), createdAt: row.createdAt, revokedAt: row.revokedAt };
}

export function apiKeyRepository(db: DbClient): ApiKeyRepository {
  return {
    async create(input) {
      const context = input.context === undefined ? {} : { context: objectJson.parse(input.context) as Prisma.InputJsonValue };
      return toRecord(await db.apiKey.create({ data: { id: newId('key'), name: input.name, keyHash: input.keyHash, prefix: input.prefix, admin: input.admin ?? false, ...context } }));
    },
    async findActiveByHash(keyHash) {
      const row = await db.apiKey.findFirst({ where: { keyHash, revokedAt: null } });
      return row ? toRecord(row) : null;
    },
    async findActiveById(id) {
      const row = await db.apiKey.findFirst({ where: { id, revokedAt: null } });
      return row ? toRecord(row) : null;
    },
    async revoke(id) {
      // Revoking twice keeps the first revocation time.
      await db.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
      const row = await db.apiKey.findUnique({ where: { id } });
      return row ? toRecord(row) : null;
    },
    async list() {
      return (await db.apiKey.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map(toRecord);
    },
  };
}
