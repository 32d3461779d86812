/**
 * The reads that show stored answers again, each bounded before it reads (issue 25, item 2): a page of a
 * conversation's history first learns the size of each answer it might show (one keyset query through
 * Prisma for the positions, one statement on the driver for the sizes: Prisma's query API has no
 * length()), so the caller reads only the answers that fit its bound; the read itself selects only what
 * showing an answer needs; a follow-up reads earlier questions and plans, never their payloads.
 */
import { inStringList, stringListParam, tableName, type DirectStore } from '../direct/direct-store';
import { objectJson } from '../json-values';
import type { DbClient } from '../prisma-clients';
import type { AnswerRepository } from '../store';

type AnswerReads = Pick<AnswerRepository, 'sizesForConversation' | 'readBack' | 'recentTurns'>;

/** Bytes of the text a history read selects: question, message and the payload's JSON, as each engine stores them. */
function sizesSql(direct: DirectStore): string {
  const table = tableName(direct.dialect, 'Answer');
  const where = inStringList(direct.dialect, 'id', 1);
  // SQLite keeps JSON as TEXT: length() of it as a BLOB counts bytes. PostgreSQL keeps jsonb: its text form
  // (with a space after each ':' and ',') is a little larger than the JSON sent, so pages err on the small side.
  return direct.dialect.kind === 'postgres'
    ? `SELECT id, octet_length(payload::text) + octet_length(question) + octet_length(message) AS bytes FROM ${table} WHERE ${where}`
    : `SELECT id, length(CAST(payload AS BLOB)) + length(CAST(question AS BLOB)) + length(CAST(message AS BLOB)) AS bytes FROM ${table} WHERE ${where}`;
}

export function answerReads(db: DbClient, direct: DirectStore): AnswerReads {
  const sizes = sizesSql(direct);
  return {
    async sizesForConversation(conversationId, page) {
      if (page.limit <= 0) return [];
      const { before } = page;
      const positions = await db.answer.findMany({
        where: { conversationId, ...(before ? { OR: [{ createdAt: { lt: before.createdAt } }, { createdAt: before.createdAt, id: { lt: before.id } }] } : {}) },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: page.limit,
        select: { id: true, createdAt: true },
      });
      if (positions.length === 0) return [];
      const rows = await direct.queryAll<{ id: string; bytes: number | string }>({ sql: sizes, params: [stringListParam(direct.dialect, positions.map((p) => p.id))] });
      const bytesOf = new Map(rows.map((row) => [row.id, Number(row.bytes)]));
      return positions.map((p) => ({ id: p.id, createdAt: p.createdAt, bytes: bytesOf.get(p.id) ?? 0 }));
    },
    async readBack(ids) {
      if (ids.length === 0) return [];
      const rows = await db.answer.findMany({
        where: { id: { in: [...ids] } },
        select: { id: true, conversationId: true, question: true, message: true, payload: true, meta: true, createdAt: true },
      });
      const byId = new Map(rows.map((row) => [row.id, { ...row, meta: objectJson.parse(row.meta) }]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    async recentTurns(conversationId, limit) {
      if (limit <= 0) return [];
      const rows = await db.answer.findMany({ where: { conversationId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, select: { question: true, plan: true } });
      return rows.reverse().map((row) => ({ question: row.question, plan: row.plan ?? null }));
    },
  };
}
