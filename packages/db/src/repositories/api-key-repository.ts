import type { ApiKey } from '../generated/sqlite/client';
import { newId } from '../ids';
import type { DbClient } from '../prisma-clients';
import type { ApiKeyRecord, ApiKeyRepository } from '../store';

/** The hash never leaves this module: records carry only what is safe to show. */
function toRecord(row: ApiKey): ApiKeyRecord {
  return { id: row.id, name: row.name, prefix: row.prefix, admin: row.admin, createdAt: row.createdAt, revokedAt: row.revokedAt };
}

export function apiKeyRepository(db: DbClient): ApiKeyRepository {
  return {
    async create(input) {
      return toRecord(await db.apiKey.create({ data: { id: newId('key'), name: input.name, keyHash: input.keyHash, prefix: input.prefix, admin: input.admin ?? false } }));
    },
    async findActiveByHash(keyHash) {
      const row = await db.apiKey.findFirst({ where: { keyHash, revokedAt: null } });
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
