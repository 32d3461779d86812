import type { Answer, Prisma } from '../generated/sqlite/client';
import { newId } from '../ids';
import { answerOutcome, answerType, objectJson, parametersJson, timingsJson, toJsonValue, unknownTermsJson } from '../json-values';
import { answerWriteStatements, type AnswerWrite } from '../direct/answer-inserts';
import type { DirectStore } from '../direct/direct-store';
import { groupCommit } from '../direct/group-commit';
import type { DbClient } from '../prisma-clients';
import type { AnswerFacts, AnswerRecord, AnswerRepository, ConversationRecord, FirstAnswer, NewAnswer } from '../store';
import { answerReads } from './answer-reads';
import { prepareConversation } from './conversation-repository';
import { ownedBy, ownerOf } from './owner-filter';

/** Every column but the payload: what reading an answer's facts selects. */
const FACT_COLUMNS = {
  id: true, conversationId: true, apiKeyId: true, principal: true, tenantKey: true, question: true, type: true, message: true, plan: true, sql: true,
  sqlParameters: true, engine: true, confidence: true, timings: true, meta: true, outcome: true, unknownTerms: true, resolvedAt: true, createdAt: true,
} as const;

/** An answer row as the store returns it (exported for bench/store-write-ab.ts, which reads rows back as the store does). */
export function answerRecordOf(row: Answer): AnswerRecord {
  return { ...toFacts(row), payload: row.payload };
}

function toFacts(row: Omit<Answer, 'payload'>): AnswerFacts {
  return {
    id: row.id,
    conversationId: row.conversationId,
    owner: ownerOf(row),
    question: row.question,
    type: answerType.parse(row.type),
    message: row.message,
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

/** Answers stored together at most, on PostgreSQL (one multi-row INSERT; well inside its 65,535 parameters). */
const MAX_GROUP = 64;

/** `maxGroup`: answers per commit at most on PostgreSQL (1 turns group commit off; bench/group-commit-ab.ts compares). */
export function answerRepository(db: DbClient, direct: DirectStore, options: { maxGroup?: number } = {}): AnswerRepository {
  // Plain INSERTs on the driver, not Prisma model queries: this is the hot write, and Prisma's query
  // interpreter and transaction handling cost more than the database work (bench/store-write-ab.ts).
  // SQLite commits synchronously and cheaply, one answer per transaction; PostgreSQL groups the answers
  // that arrive while a commit is in flight into the next one (group-commit.ts).
  const store: (write: AnswerWrite) => Promise<void> =
    direct.dialect.kind === 'postgres'
      ? ((group) => (write: AnswerWrite) => group.write(write))(groupCommit<AnswerWrite>((writes) => direct.write(answerWriteStatements(direct.dialect, writes)), options.maxGroup ?? MAX_GROUP))
      : (write) => direct.write(answerWriteStatements(direct.dialect, [write]));

  async function write(answer: NewAnswer | FirstAnswer): Promise<AnswerRecord | { conversation: ConversationRecord; answer: AnswerRecord }> {
    // createdAt is set here as Prisma's @default(now()) would (client clock, ms); a first answer and its conversation share it.
    const createdAt = new Date();
    if (!isFirstAnswer(answer)) {
      const { record, data } = prepare(answer.id ?? newId('ans'), answer.conversationId, answer);
      await store({ answer: { ...data, createdAt } });
      return { ...record, createdAt };
    }
    const { newConversation, ...rest } = answer;
    const conversation = prepareConversation({
      origin: newConversation.origin,
      owner: answer.owner,
      scope: newConversation.scope,
      ...(newConversation.externalId === undefined ? {} : { externalId: newConversation.externalId }),
      ...(newConversation.id === undefined ? {} : { id: newConversation.id }),
    });
    const { record, data } = prepare(rest.id ?? newId('ans'), conversation.record.id, rest);
    await store({ conversation: { ...conversation.data, createdAt }, answer: { ...data, createdAt } });
    return { conversation: { ...conversation.record, createdAt }, answer: { ...record, createdAt } };
  }

  return {
    // The conditional return type cannot be checked against the two branches of `write`; isFirstAnswer is what picks both.
    create: write as AnswerRepository['create'],
    async findOwned(id, owner) {
      const row = await db.answer.findFirst({ where: { id, ...ownedBy(owner) } });
      return row ? answerRecordOf(row) : null;
    },
    async findById(id) {
      const row = await db.answer.findUnique({ where: { id }, select: FACT_COLUMNS });
      return row ? toFacts(row) : null;
    },
    async findOwnedByPrincipal(id, principal) {
      const tenant = principal.tenantKey === undefined ? {} : { tenantKey: principal.tenantKey };
      const row = await db.answer.findFirst({ where: { id, apiKeyId: principal.apiKeyId, principal: principal.principal, ...tenant }, select: FACT_COLUMNS });
      return row ? toFacts(row) : null;
    },
    async listForConversation(conversationId, limit) {
      if (limit <= 0) return [];
      // Newest `limit` first, then flipped: the caller wants them oldest first. Ids break createdAt ties.
      const rows = await db.answer.findMany({
        where: { conversationId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
      });
      return rows.reverse().map(answerRecordOf);
    },
    ...answerReads(db, direct),
    count() {
      return db.answer.count();
    },
  };
}
