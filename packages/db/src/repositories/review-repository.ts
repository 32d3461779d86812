import { inStringList, stringListParam, tableName, type DirectStore, type SqlStatement } from '../direct/direct-store';
import type { Prisma } from '../generated/sqlite/client';
import { objectJson, pickedReadingJson, toJsonValue, unknownTermsJson } from '../json-values';
import type { DbClient } from '../prisma-clients';
import type { PickedReading, QueuedQuestion, ReviewFilter, ReviewItem, ReviewReason, ReviewRepository } from '../teach-store';
import { ownedBy } from './owner-filter';

type Keyset = { at: Date; id: string } | undefined;
const QUEUED_OUTCOMES = ['declined', 'clarification'] as const;

/** Strictly after `after` in (time desc, id desc) order, on the given time column. */
function beforeKeyset(column: 'createdAt' | 'updatedAt', after: Keyset): object {
  if (after === undefined) return {};
  return { OR: [{ [column]: { lt: after.at } }, { [column]: after.at, id: { lt: after.id } }] };
}

/** The answer columns a review item shows. */
const ITEM_COLUMNS = { id: true, conversationId: true, question: true, message: true, outcome: true, unknownTerms: true, tenantKey: true, createdAt: true } as const;

const newestFirst = (a: ReviewItem, b: ReviewItem): number => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

function queuedOutcomes(reasons: readonly ReviewReason[]): Array<'declined' | 'clarification'> {
  return QUEUED_OUTCOMES.filter((outcome) => reasons.includes(outcome));
}

/**
 * The review queue is read from the answers (declined and clarifying ones) and the feedback (negative
 * ones) as they are stored: no copy to keep in step. An answer leaves the queue when `resolvedAt` is set.
 */
/** A question's first characters and its length, on the driver: Prisma can select a column only whole. */
function excerptsStatement(direct: DirectStore, answerIds: readonly string[], length: number): SqlStatement {
  const table = tableName(direct.dialect, 'Answer');
  const ids = stringListParam(direct.dialect, answerIds);
  // SQLite binds `?` in the order they appear: the length (in the select list) comes before the ids.
  return direct.dialect.kind === 'postgres'
    ? { sql: `SELECT id, substr(question, 1, $2) AS excerpt, length(question) AS length FROM ${table} WHERE ${inStringList(direct.dialect, 'id', 1)}`, params: [ids, length] }
    : { sql: `SELECT id, substr(question, 1, ?) AS excerpt, length(question) AS length FROM ${table} WHERE ${inStringList(direct.dialect, 'id', 2)}`, params: [length, ids] };
}

/**
 * Only `meta.picked` of these answers, extracted on the driver: the rest of meta (the trace, usage) is not
 * read for a queue page. SQLite's json_extract and PostgreSQL's ->> both give the object as JSON text.
 */
function pickedStatement(direct: DirectStore, answerIds: readonly string[]): SqlStatement {
  const table = tableName(direct.dialect, 'Answer');
  const picked = direct.dialect.kind === 'postgres' ? `meta->>'picked'` : `json_extract(meta, '$.picked')`;
  return { sql: `SELECT id, ${picked} AS picked FROM ${table} WHERE ${inStringList(direct.dialect, 'id', 1)} AND ${picked} IS NOT NULL`, params: [stringListParam(direct.dialect, answerIds)] };
}

/** A stored pick that does not read as one is left out, never shown half. */
function parsePicked(text: string): PickedReading | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = pickedReadingJson.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function reviewRepository(db: DbClient, direct: DirectStore): ReviewRepository {
  async function picksOf(answerIds: readonly string[]): Promise<Map<string, PickedReading>> {
    if (answerIds.length === 0) return new Map();
    const rows = await direct.queryAll<{ id: string; picked: string }>(pickedStatement(direct, answerIds));
    return new Map(rows.flatMap((row) => {
      const picked = parsePicked(row.picked);
      return picked === undefined ? [] : [[row.id, picked] as const];
    }));
  }

  function answerWhere(filter: Omit<ReviewFilter, 'reasons'>, outcomes: readonly string[]): Prisma.AnswerWhereInput {
    return {
      outcome: { in: [...outcomes] },
      resolvedAt: null,
      ...(filter.since ? { createdAt: { gte: filter.since } } : {}),
      ...(filter.tenantKey !== undefined ? { tenantKey: filter.tenantKey } : {}),
    };
  }

  return {
    async list(filter, page) {
      const outcomes = queuedOutcomes(filter.reasons);
      const take = page.limit;
      // Only what an item shows: never the payload, plan or SQL (a negative feedback may be on a large answer).
      const declined = outcomes.length === 0 ? [] : await db.answer.findMany({
        where: { AND: [answerWhere(filter, outcomes), beforeKeyset('createdAt', page.after)] },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take,
        select: ITEM_COLUMNS,
      });
      const negative = !filter.reasons.includes('negative-feedback') ? [] : await db.feedback.findMany({
        where: {
          AND: [
            {
              rating: 'negative',
              ...(filter.since ? { updatedAt: { gte: filter.since } } : {}),
              answer: { resolvedAt: null, ...(filter.tenantKey !== undefined ? { tenantKey: filter.tenantKey } : {}) },
            },
            beforeKeyset('updatedAt', page.after),
          ],
        },
        orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
        take,
        select: { id: true, answerId: true, comment: true, updatedAt: true, answer: { select: ITEM_COLUMNS } },
      });
      const picks = await picksOf(declined.filter((row) => row.outcome === 'clarification').map((row) => row.id));
      const items: ReviewItem[] = [
        ...declined.map((row): ReviewItem => ({
          id: row.id,
          reason: row.outcome === 'clarification' ? 'clarification' : 'declined',
          at: row.createdAt,
          answerId: row.id,
          conversationId: row.conversationId,
          question: row.question,
          message: row.message,
          unknownTerms: unknownTermsJson.parse(row.unknownTerms ?? []),
          comment: null,
          tenantKey: row.tenantKey,
          ...(picks.has(row.id) ? { picked: picks.get(row.id)! } : {}),
        })),
        ...negative.map((row): ReviewItem => ({
          id: row.id,
          reason: 'negative-feedback',
          at: row.updatedAt,
          answerId: row.answerId,
          conversationId: row.answer.conversationId,
          question: row.answer.question,
          message: row.answer.message,
          unknownTerms: unknownTermsJson.parse(row.answer.unknownTerms ?? []),
          comment: row.comment,
          tenantKey: row.answer.tenantKey,
        })),
      ];
      return items.sort(newestFirst).slice(0, page.limit);
    },
    async queued(filter, limit) {
      const rows = await db.answer.findMany({
        where: answerWhere(filter, filter.reasons ?? QUEUED_OUTCOMES),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        select: { id: true, question: true, tenantKey: true, type: true, message: true, outcome: true, unknownTerms: true, createdAt: true },
      });
      return rows.map((row): QueuedQuestion => ({
        answerId: row.id,
        question: row.question,
        tenantKey: row.tenantKey,
        type: row.type,
        message: row.message,
        outcome: row.outcome === 'clarification' ? 'clarification' : 'declined',
        unknownTerms: unknownTermsJson.parse(row.unknownTerms ?? []),
        createdAt: row.createdAt,
      }));
    },
    async queuedTerms(filter, limit) {
      const rows = await db.answer.findMany({
        where: answerWhere(filter, filter.reasons ?? QUEUED_OUTCOMES),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        select: { id: true, unknownTerms: true },
      });
      return rows.map((row) => ({ answerId: row.id, unknownTerms: unknownTermsJson.parse(row.unknownTerms ?? []) }));
    },
    async questionExcerpts(answerIds, length) {
      if (answerIds.length === 0) return [];
      const rows = await direct.queryAll<{ id: string; excerpt: string; length: number | string }>(excerptsStatement(direct, answerIds, length));
      return rows.map((row) => ({ answerId: row.id, excerpt: row.excerpt, length: Number(row.length) }));
    },
    async resolve(answerIds) {
      if (answerIds.length === 0) return;
      await db.answer.updateMany({ where: { id: { in: [...answerIds] }, resolvedAt: null }, data: { resolvedAt: new Date() } });
    },
    async recordPick(pick) {
      // The answer just before the reply in its conversation, whoever's and whatever it is: an answer that
      // came between (a concurrent question) means the reply picked nothing of the older clarification.
      const previous = await db.answer.findFirst({
        where: { conversationId: pick.conversationId, createdAt: { lte: pick.answer.createdAt }, id: { not: pick.answer.id } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        select: { id: true, outcome: true, apiKeyId: true, principal: true, tenantKey: true, meta: true },
      });
      const owner = ownedBy(pick.owner);
      const sameOwner = previous !== null && previous.apiKeyId === owner.apiKeyId && previous.principal === owner.principal && previous.tenantKey === owner.tenantKey;
      if (previous === null || !sameOwner || previous.outcome !== 'clarification') return null;
      const picked: PickedReading = { option: pick.option, reply: pick.reply, answerId: pick.answer.id };
      // Read, merge, write: meta is otherwise written once, with the answer; two replies racing to pick on
      // one clarification leave one of the two picks, either of which is a true signal.
      const meta = { ...objectJson.parse(previous.meta), picked };
      const { count } = await db.answer.updateMany({
        where: { id: previous.id, conversationId: pick.conversationId, outcome: 'clarification', ...owner },
        data: { meta: toJsonValue(meta) },
      });
      return count === 1 ? previous.id : null;
    },
  };
}
