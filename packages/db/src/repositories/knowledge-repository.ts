import type { AdminAudit, Prisma, VerifiedQuestion, VocabularyEntry } from '../generated/sqlite/client';
import { newId } from '../ids';
import { objectJson, toJsonValue } from '../json-values';
import { tableName, type DirectStore } from '../direct/direct-store';
import type { DbClient } from '../prisma-clients';
import type { AdminActor, AuditRecord, AuditRepository, KnowledgeRepository, NewAuditEntry, VerifiedQuestionRecord, VocabularyRecord } from '../teach-store';

type Tx = Prisma.TransactionClient;
const VERSION_ROW = 1;

const contextOf = (value: unknown): Record<string, unknown> | null => (value == null ? null : objectJson.parse(value));

function vocabularyRecord(row: VocabularyEntry): VocabularyRecord {
  return { id: row.id, term: row.term, termKey: row.termKey, means: row.means, tenantKey: row.tenantKey, context: contextOf(row.context), createdAt: row.createdAt };
}

function verifiedRecord(row: VerifiedQuestion): VerifiedQuestionRecord {
  return {
    id: row.id,
    question: row.question,
    questionKey: row.questionKey,
    plan: row.plan,
    periods: row.periods,
    tenantKey: row.tenantKey,
    context: contextOf(row.context),
    sourceAnswerId: row.sourceAnswerId,
    createdAt: row.createdAt,
  };
}

function auditRecord(row: AdminAudit): AuditRecord {
  return { id: row.id, apiKeyId: row.apiKeyId, principal: row.principal, action: row.action, target: row.target, before: row.before ?? null, after: row.after ?? null, createdAt: row.createdAt };
}

/** Nullable JSON: left out for null (SQL NULL), as the answer repository does. */
const optionalJson = (value: unknown): Prisma.InputJsonValue | undefined => (value == null ? undefined : toJsonValue(value));

export async function writeAudit(tx: Tx | DbClient, entry: NewAuditEntry, actor: AdminActor): Promise<AdminAudit> {
  const before = optionalJson(entry.before);
  const after = optionalJson(entry.after);
  return tx.adminAudit.create({
    data: {
      id: newId('aud'),
      apiKeyId: actor.apiKeyId,
      principal: actor.principal,
      action: entry.action,
      target: entry.target,
      ...(before === undefined ? {} : { before }),
      ...(after === undefined ? {} : { after }),
    },
  });
}

/** Bumps the store-wide version inside the caller's transaction and returns the new value. */
async function bumpVersion(tx: Tx): Promise<number> {
  const row = await tx.knowledgeVersion.update({ where: { id: VERSION_ROW }, data: { version: { increment: 1 } } });
  return row.version;
}

/** A JSON-safe copy of a record for the audit trail (dates as ISO text). */
const auditCopy = (record: object): unknown => JSON.parse(JSON.stringify(record));

export function knowledgeRepository(db: DbClient, direct: DirectStore): KnowledgeRepository {
  const versionsStatement = {
    name: 'askdata_store_versions',
    sql: `SELECT "version" AS knowledge, "dataVersion" AS data FROM ${tableName(direct.dialect, 'KnowledgeVersion')} WHERE "id" = ${direct.dialect.kind === 'sqlite' ? '?' : '$1'}`,
    params: [VERSION_ROW],
  };
  return {
    async version() {
      const row = await db.knowledgeVersion.findUnique({ where: { id: VERSION_ROW } });
      return row?.version ?? 0;
    },
    // Read before every question: on the driver (direct-store.ts), one prepared statement.
    async versions() {
      const row = await direct.queryOne<{ knowledge: number; data: number }>(versionsStatement);
      return { knowledge: Number(row?.knowledge ?? 0), data: Number(row?.data ?? 0) };
    },
    async bumpDataVersion(actor, reason) {
      return db.$transaction(async (tx) => {
        const row = await tx.knowledgeVersion.update({ where: { id: VERSION_ROW }, data: { dataVersion: { increment: 1 } } });
        const after = { dataVersion: row.dataVersion, ...(reason === undefined ? {} : { reason }) };
        const audit = await writeAudit(tx, { action: 'cache.invalidate', target: null, before: { dataVersion: row.dataVersion - 1 }, after }, actor);
        return { dataVersion: row.dataVersion, at: audit.createdAt };
      });
    },
    async snapshot() {
      // One transaction, so the version matches the rows read with it.
      return db.$transaction(async (tx) => {
        const row = await tx.knowledgeVersion.findUnique({ where: { id: VERSION_ROW } });
        const vocabulary = await tx.vocabularyEntry.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
        const verified = await tx.verifiedQuestion.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
        return { version: row?.version ?? 0, vocabulary: vocabulary.map(vocabularyRecord), verified: verified.map(verifiedRecord) };
      });
    },
    async tenantKeys() {
      // GROUP BY in the database: one row per tenant, however many conversations it has.
      const [conversations, vocabulary, verified] = await Promise.all([
        db.conversation.groupBy({ by: ['tenantKey'] }),
        db.vocabularyEntry.groupBy({ by: ['tenantKey'] }),
        db.verifiedQuestion.groupBy({ by: ['tenantKey'] }),
      ]);
      const keys = new Set([...conversations, ...vocabulary, ...verified].map((row) => row.tenantKey));
      keys.delete('');
      return [...keys].sort();
    },
    async addVocabulary(entry, actor) {
      return db.$transaction(async (tx) => {
        const context = optionalJson(entry.context);
        const row = await tx.vocabularyEntry.create({
          data: { id: newId('voc'), term: entry.term, termKey: entry.termKey, means: toJsonValue(entry.means), tenantKey: entry.tenantKey, ...(context === undefined ? {} : { context }) },
        });
        const record = vocabularyRecord(row);
        await writeAudit(tx, { action: 'vocabulary.create', target: record.id, before: null, after: auditCopy(record) }, actor);
        return { record, version: await bumpVersion(tx) };
      });
    },
    async removeVocabulary(id, actor) {
      return db.$transaction(async (tx) => {
        const row = await tx.vocabularyEntry.findUnique({ where: { id } });
        if (row === null) return null;
        await tx.vocabularyEntry.delete({ where: { id } });
        const record = vocabularyRecord(row);
        await writeAudit(tx, { action: 'vocabulary.delete', target: id, before: auditCopy(record), after: null }, actor);
        return { record, version: await bumpVersion(tx) };
      });
    },
    async addVerified(entry, actor) {
      return db.$transaction(async (tx) => {
        const context = optionalJson(entry.context);
        const row = await tx.verifiedQuestion.create({
          data: {
            id: newId('vq'),
            question: entry.question,
            questionKey: entry.questionKey,
            plan: toJsonValue(entry.plan),
            periods: toJsonValue(entry.periods),
            tenantKey: entry.tenantKey,
            sourceAnswerId: entry.sourceAnswerId,
            ...(context === undefined ? {} : { context }),
          },
        });
        const record = verifiedRecord(row);
        await writeAudit(tx, { action: 'verified-question.create', target: record.id, before: null, after: auditCopy(record) }, actor);
        return { record, version: await bumpVersion(tx) };
      });
    },
    async removeVerified(id, actor) {
      return db.$transaction(async (tx) => {
        const row = await tx.verifiedQuestion.findUnique({ where: { id } });
        if (row === null) return null;
        await tx.verifiedQuestion.delete({ where: { id } });
        const record = verifiedRecord(row);
        await writeAudit(tx, { action: 'verified-question.delete', target: id, before: auditCopy(record), after: null }, actor);
        return { record, version: await bumpVersion(tx) };
      });
    },
  };
}

export function auditRepository(db: DbClient): AuditRepository {
  return {
    async record(entry, actor) {
      return auditRecord(await writeAudit(db, entry, actor));
    },
    async list(page) {
      const after = page.after;
      const rows = await db.adminAudit.findMany({
        where: after === undefined ? {} : { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: page.limit,
      });
      return rows.map(auditRecord);
    },
  };
}
