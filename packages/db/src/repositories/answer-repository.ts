import type { Answer, Prisma } from '../generated/sqlite/client';
import { newId } from '../ids';
import { answerOutcome, answerType, objectJson, parametersJson, timingsJson, toJsonValue, unknownTermsJson } from '../json-values';
import type { DbClient } from '../prisma-clients';
import type { AnswerRecord, AnswerRepository, ConversationRecord, FirstAnswer, NewAnswer } from '../store';
import { prepareConversation } from './conversation-repository';
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
    outcome: answerOutcome.parse(row.outcome),
    unknownTerms: unknownTermsJson.parse(row.unknownTerms ?? []),
    createdAt: row.createdAt,
  };
}

/**
 * What create writes, normalised (JSON columns as a read returns them) and checked with the same
 * schemas as a read, so a row that could not be read back is never written and the record can be
 * returned without reading the row back.
 */
function prepare(id: string, conversationId: string, answer: Omit<NewAnswer, 'conversationId'>) {
  const record: Omit<AnswerRecord, 'createdAt'> = {
    id,
    conversationId,
    owner: ownerOf(answer.owner),
    question: answer.question,
    type: answerType.parse(answer.type),
    message: answer.message,
    payload: toJsonValue(answer.payload ?? null),
    plan: answer.plan == null ? null : toJsonValue(answer.plan),
    sql: answer.sql,
    sqlParameters: parametersJson.parse(answer.sqlParameters == null ? null : toJsonValue(answer.sqlParameters)),
    engine: answer.engine,
    confidence: answer.confidence,
    timings: timingsJson.parse(toJsonValue(answer.timings)),
    meta: objectJson.parse(toJsonValue(answer.meta)),
    outcome: answerOutcome.parse(answer.outcome ?? 'answered'),
    unknownTerms: unknownTermsJson.parse(answer.unknownTerms ?? []),
  };
  const data = {
    id,
    conversationId,
    ...ownedBy(answer.owner),
    question: record.question,
    type: record.type,
    message: record.message,
    payload: record.payload as Prisma.InputJsonValue,
    // Nullable JSON columns: leaving them out stores SQL NULL (a JSON `null` would need Prisma.DbNull).
    ...(record.plan == null ? {} : { plan: record.plan as Prisma.InputJsonValue }),
    ...(record.sqlParameters == null ? {} : { sqlParameters: record.sqlParameters as Prisma.InputJsonValue }),
    sql: record.sql,
    engine: record.engine,
    confidence: record.confidence,
    timings: record.timings,
    meta: record.meta as Prisma.InputJsonValue,
    outcome: record.outcome,
    // Answered questions carry no terms: SQL NULL keeps the hot row small.
    ...(record.unknownTerms.length === 0 ? {} : { unknownTerms: record.unknownTerms }),
  };
  return { record, data };
}

function isFirstAnswer(answer: NewAnswer | FirstAnswer): answer is FirstAnswer {
  return 'newConversation' in answer;
}

/** Which SQL the first-answer write speaks (see insertSql). */
export type StoreDialect = { kind: 'sqlite' } | { kind: 'postgres'; schema: string };

const JSON_COLUMNS = new Set(['context', 'payload', 'plan', 'sqlParameters', 'timings', 'meta', 'unknownTerms']);
const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * One INSERT built from the same `data` object the Prisma path writes (so a column added there is
 * written here too). Values bind as Prisma binds them: Dates through the adapter's own DateTime
 * mapping on SQLite, as the UTC wall-clock text Prisma stores in TIMESTAMP(3) on PostgreSQL; JSON as
 * JSON.stringify text (jsonb on PostgreSQL). Nullable JSON columns are left out of `data` when null
 * (SQL NULL), so a JSON column that is present is always written as JSON.
 */
function insertSql(dialect: StoreDialect, table: string, row: Record<string, unknown>, params: unknown[]): string {
  const columns: string[] = [];
  const values: string[] = [];
  for (const [column, value] of Object.entries(row)) {
    columns.push(quoteIdent(column));
    const json = JSON_COLUMNS.has(column);
    if (dialect.kind === 'sqlite') {
      params.push(json ? JSON.stringify(value) : value);
      values.push('?');
    } else if (value instanceof Date) {
      params.push(value.toISOString().replace('T', ' ').replace('Z', ''));
      values.push(`$${params.length}::timestamp(3)`);
    } else {
      params.push(json ? JSON.stringify(value) : value);
      values.push(json ? `$${params.length}::jsonb` : `$${params.length}`);
    }
  }
  const target = dialect.kind === 'postgres' ? `${quoteIdent(dialect.schema)}.${quoteIdent(table)}` : quoteIdent(table);
  return `INSERT INTO ${target} (${columns.join(', ')}) VALUES (${values.join(', ')})`;
}

export function answerRepository(db: DbClient, dialect: StoreDialect): AnswerRepository {
  async function write(answer: NewAnswer | FirstAnswer): Promise<AnswerRecord | { conversation: ConversationRecord; answer: AnswerRecord }> {
    if (!isFirstAnswer(answer)) {
      const { record, data } = prepare(newId('ans'), answer.conversationId, answer);
      // Only createdAt comes back: everything else is already known, normalised and checked.
      const { createdAt } = await db.answer.create({ data, select: { createdAt: true } });
      return { ...record, createdAt };
    }
    const { newConversation, ...rest } = answer;
    const conversation = prepareConversation({ origin: newConversation.origin, owner: answer.owner, scope: newConversation.scope, ...(newConversation.externalId === undefined ? {} : { externalId: newConversation.externalId }) });
    const { record, data } = prepare(newId('ans'), conversation.record.id, rest);
    // Both rows get the same createdAt, set here as Prisma's @default(now()) would (client clock, ms).
    const createdAt = new Date();
    const conversationRow = { ...conversation.data, createdAt };
    const answerRow = { ...data, createdAt };
    // Plain INSERTs, not Prisma model queries: this is the hot write, and Prisma's query interpreter and
    // transaction handling cost more than the database work (bench/store-write-ab.ts measures both).
    if (dialect.kind === 'postgres') {
      // One statement, the conversation's INSERT as a data-modifying CTE: atomic, one round trip.
      const params: unknown[] = [];
      const sql = `WITH c AS (${insertSql(dialect, 'Conversation', conversationRow, params)}) ${insertSql(dialect, 'Answer', answerRow, params)}`;
      await db.$executeRawUnsafe(sql, ...params);
    } else {
      // Both INSERTs in one transaction, one commit.
      const conversationParams: unknown[] = [];
      const answerParams: unknown[] = [];
      await db.$transaction([
        db.$executeRawUnsafe(insertSql(dialect, 'Conversation', conversationRow, conversationParams), ...conversationParams),
        db.$executeRawUnsafe(insertSql(dialect, 'Answer', answerRow, answerParams), ...answerParams),
      ]);
    }
    return { conversation: { ...conversation.record, createdAt }, answer: { ...record, createdAt } };
  }

  return {
    // The conditional return type cannot be checked against the two branches of `write`; isFirstAnswer is what picks both.
    create: write as AnswerRepository['create'],
    async findOwned(id, owner) {
      const row = await db.answer.findFirst({ where: { id, ...ownedBy(owner) } });
      return row ? toRecord(row) : null;
    },
    async findById(id) {
      const row = await db.answer.findUnique({ where: { id } });
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
