import Database from 'better-sqlite3';
import pg from 'pg';
import { parseDatabaseUrl } from '../src/database-url';
import { newId } from '../src/ids';
import { createPrismaClient } from '../src/prisma-clients';
import { openStore } from '../src/prisma-store';
import { generateApiKey, hashApiKey, keyPrefix } from '../src/api-keys';
import { isUniqueViolation } from '../src/repositories/unique-violation';
import type { NewAnswer, Owner, Store } from '../src/store';
import { freshDatabase, providers, type FreshDatabase } from './support/test-databases';
import { scopeOf } from './support/tenant-scopes';

jest.mock('../src/ids', () => {
  const actual = jest.requireActual<typeof import('../src/ids')>('../src/ids');
  return { ...actual, newId: jest.fn(actual.newId) };
});

const owner: Owner = { apiKeyId: 'key_a', principal: 'db:key_a', tenantKey: '{"orgId":1}' };
const otherKey: Owner = { ...owner, apiKeyId: 'key_b' };
const otherTenant: Owner = { ...owner, tenantKey: '{"orgId":2}' };
const otherPrincipal: Owner = { ...owner, principal: 'env:0' };
const legacy = (tenantKey: string): Owner => ({ apiKeyId: null, principal: 'legacy', tenantKey });

function answerFor(conversationId: string, question: string, who: Owner = owner): NewAnswer {
  return {
    conversationId,
    owner: who,
    question,
    type: 'chart',
    message: `Answer to ${question}`,
    payload: { chart: { type: 'bar', data: [{ label: 'Books', value: 12.5 }] } },
    plan: { kind: 'aggregate', measures: ['revenue'], when: new Date('2026-01-01T00:00:00Z') },
    sql: 'select sum(x) from t where organisation_id = ?',
    sqlParameters: [1, 'Books', null],
    engine: 'rules',
    confidence: 0.9,
    timings: { plan: 1.5, execute: 3 },
    meta: { tokens: 0, note: 'n' },
  };
}

describe.each(providers)('Prisma store on %s', (provider) => {
  let db: FreshDatabase;
  let store: Store;

  beforeAll(async () => {
    db = await freshDatabase(provider, 'store');
    store = await openStore(db.url);
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
  });

  test('reports its kind and answers ping', async () => {
    expect(store.kind).toBe(provider);
    await expect(store.ping()).resolves.toBeUndefined();
  });

  test('conversations are visible only to their exact owner', async () => {
    const conv = await store.conversations.create({ origin: 'v1', owner, scope: scopeOf({ orgId: 1, extra: 'x' }) });
    expect(conv).toMatchObject({ origin: 'v1', externalId: null, owner, context: { orgId: 1, extra: 'x' } });
    expect(conv.id).toMatch(/^conv_/);
    expect(conv.createdAt).toBeInstanceOf(Date);
    expect(await store.conversations.findOwned(conv.id, owner)).toEqual(conv);
    for (const stranger of [otherKey, otherTenant, otherPrincipal, legacy(owner.tenantKey)]) {
      expect(await store.conversations.findOwned(conv.id, stranger)).toBeNull();
    }
    expect(await store.conversations.findOwned('conv_missing', owner)).toBeNull();
  });

  test('answers round-trip every field and are owner-scoped', async () => {
    const conv = await store.conversations.create({ origin: 'v1', owner, scope: scopeOf({ orgId: 1 }) });
    const created = await store.answers.create(answerFor(conv.id, 'revenue by category'));
    expect(created).toMatchObject({
      conversationId: conv.id,
      owner,
      type: 'chart',
      payload: { chart: { type: 'bar', data: [{ label: 'Books', value: 12.5 }] } },
      // Dates inside JSON come back as ISO strings, exactly as a JSON API would return them.
      plan: { kind: 'aggregate', measures: ['revenue'], when: '2026-01-01T00:00:00.000Z' },
      sqlParameters: [1, 'Books', null],
      confidence: 0.9,
      timings: { plan: 1.5, execute: 3 },
      meta: { tokens: 0, note: 'n' },
    });
    expect(await store.answers.findOwned(created.id, owner)).toEqual(created);
    expect(await store.answers.findOwned(created.id, otherKey)).toBeNull();
    expect(await store.answers.findOwned(created.id, otherTenant)).toBeNull();

    const declined = await store.answers.create({ ...answerFor(conv.id, 'gibberish'), type: 'text', plan: null, sql: null, sqlParameters: null, confidence: null });
    expect(await store.answers.findOwned(declined.id, owner)).toMatchObject({ plan: null, sql: null, sqlParameters: null, confidence: null, type: 'text' });
  });

  test('a first answer creates its conversation in the same write; both equal what a read returns', async () => {
    const { conversationId: _unused, ...fields } = answerFor('ignored', 'first question');
    const { conversation, answer } = await store.answers.create({ ...fields, newConversation: { origin: 'v1', scope: scopeOf({ orgId: 1, since: new Date('2026-02-01T00:00:00Z'), skip: undefined }) } });
    expect(conversation).toEqual({ id: expect.stringMatching(/^conv_/), origin: 'v1', externalId: null, owner, context: { orgId: 1, since: '2026-02-01T00:00:00.000Z' }, createdAt: expect.any(Date) });
    expect(answer).toMatchObject({ id: expect.stringMatching(/^ans_/), conversationId: conversation.id, owner, plan: { when: '2026-01-01T00:00:00.000Z' } });
    expect(await store.conversations.findOwned(conversation.id, owner)).toEqual(conversation);
    expect(await store.answers.findOwned(answer.id, owner)).toEqual(answer);
    expect(await store.conversations.findOwned(conversation.id, otherTenant)).toBeNull();
    expect(answer.createdAt.getTime()).toBeGreaterThanOrEqual(conversation.createdAt.getTime());
    // Nulls (SQL NULL for plan, parameters and confidence) round-trip the same way on this path.
    const declined = await store.answers.create({ ...fields, type: 'text', plan: null, sql: null, sqlParameters: null, confidence: null, newConversation: { origin: 'v1', scope: scopeOf({}) } });
    expect(await store.answers.findOwned(declined.answer.id, owner)).toEqual(declined.answer);
    expect(declined.answer).toMatchObject({ plan: null, sql: null, sqlParameters: null, confidence: null, type: 'text' });
    expect(Math.abs(declined.answer.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    // Continuing it is the ordinary path.
    const second = await store.answers.create(answerFor(conversation.id, 'second question'));
    expect((await store.answers.listForConversation(conversation.id, 10)).map((a) => a.id)).toEqual([answer.id, second.id]);
  });

  test('answers are stored in the same form as the Prisma path stores them (dates, JSON)', async () => {
    const { conversationId: _unused, ...fields } = answerFor('ignored', 'stored form');
    const { conversation, answer } = await store.answers.create({ ...fields, newConversation: { origin: 'v1', scope: scopeOf({ orgId: 1, b: [1, 'x'] }) } });
    const viaPrisma = await store.conversations.create({ origin: 'v1', owner, scope: scopeOf({ orgId: 1, b: [1, 'x'] }) });
    const followUp = await store.answers.create({ ...fields, conversationId: conversation.id });
    // The reference: the same answer written by Prisma's own model query.
    const prisma = createPrismaClient(parseDatabaseUrl(db.url));
    const reference = await prisma.answer.create({
      data: {
        id: newId('ans'),
        conversationId: conversation.id,
        apiKeyId: owner.apiKeyId,
        principal: owner.principal,
        tenantKey: owner.tenantKey,
        question: fields.question,
        type: fields.type,
        message: fields.message,
        payload: answer.payload as object,
        plan: answer.plan as object,
        sql: fields.sql,
        sqlParameters: answer.sqlParameters as Array<string | number | null>,
        engine: fields.engine,
        confidence: fields.confidence,
        timings: fields.timings,
        meta: fields.meta as object,
      },
    });
    await prisma.$disconnect();
    const rows = await rawRows(db.url, [conversation.id, viaPrisma.id], [answer.id, followUp.id, reference.id]);
    // Same text for createdAt's format, the JSON columns and their SQL types, whichever path wrote the row.
    const shape = (text: string) => text.replace(/\d/g, '0');
    expect(shape(rows.conversations[0]!.createdAt)).toBe(shape(rows.conversations[1]!.createdAt));
    expect(rows.conversations[0]!.context).toBe(rows.conversations[1]!.context);
    for (const written of [rows.answers[0]!, rows.answers[1]!]) {
      expect(shape(written.createdAt)).toBe(shape(rows.answers[2]!.createdAt));
      for (const column of ['payload', 'plan', 'sqlParameters', 'timings', 'meta', 'types'] as const) expect(written[column]).toBe(rows.answers[2]![column]);
    }
  });

  test('a first answer that cannot be stored leaves no conversation behind', async () => {
    const { conversationId: _unused, ...fields } = answerFor('ignored', 'bad');
    const first = await store.answers.create({ ...fields, newConversation: { origin: 'v1', scope: scopeOf({}) } });
    const before = await store.answers.count();
    // Rejected before writing: timings must be numbers, as a read would require.
    await expect(store.answers.create({ ...fields, timings: { plan: 'slow' as unknown as number }, newConversation: { origin: 'v1', scope: scopeOf({}) } })).rejects.toThrow();
    // Rejected by the database after the conversation's INSERT (the answer id exists): the transaction rolls the conversation back.
    const doomed = `conv_rollback_${provider}`;
    jest.mocked(newId).mockImplementationOnce(() => doomed).mockImplementationOnce(() => first.answer.id);
    await expect(store.answers.create({ ...fields, newConversation: { origin: 'v1', scope: scopeOf({}) } })).rejects.toThrow();
    expect(await store.conversations.findOwned(doomed, owner)).toBeNull();
    expect(await store.answers.count()).toBe(before);
  });

  test('concurrent answers are all stored (grouped into shared commits on PostgreSQL); a bad one fails alone', async () => {
    const { conversationId: _unused, ...fields } = answerFor('ignored', 'concurrent');
    const scope = scopeOf({ orgId: 7 });
    const who: Owner = legacy('{"orgId":7}');
    const before = await store.answers.count();
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 12 }, (_, i) => store.answers.create({ ...fields, question: `q${i}`, newConversation: { origin: 'v1', scope } })),
      // Two first answers for the same legacy conversation id: one of them must lose on the unique key.
      store.answers.create({ ...fields, owner: who, newConversation: { origin: 'legacy', scope, externalId: 'same-id' } }),
      store.answers.create({ ...fields, owner: who, newConversation: { origin: 'legacy', scope, externalId: 'same-id' } }),
    ]);
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(isUniqueViolation(rejected[0]?.reason)).toBe(true);
    expect(await store.answers.count()).toBe(before + 13);
    for (const outcome of outcomes) {
      if (outcome.status !== 'fulfilled') continue;
      const { payload: _payload, ...facts } = outcome.value.answer;
      expect(await store.answers.findById(outcome.value.answer.id)).toEqual(facts);
      expect(await store.answers.findOwned(outcome.value.answer.id, outcome.value.answer.owner)).toEqual(outcome.value.answer);
    }
  });

  test('listForConversation returns the most recent answers, oldest first', async () => {
    const conv = await store.conversations.create({ origin: 'v1', owner, scope: scopeOf({}) });
    const other = await store.conversations.create({ origin: 'v1', owner, scope: scopeOf({}) });
    const ids: string[] = [];
    for (const q of ['q1', 'q2', 'q3', 'q4']) ids.push((await store.answers.create(answerFor(conv.id, q))).id);
    await store.answers.create(answerFor(other.id, 'elsewhere'));
    expect((await store.answers.listForConversation(conv.id, 10)).map((a) => a.question)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect((await store.answers.listForConversation(conv.id, 2)).map((a) => a.id)).toEqual(ids.slice(2));
    expect(await store.answers.listForConversation(conv.id, 0)).toEqual([]);
    expect(await store.answers.listForConversation('conv_missing', 5)).toEqual([]);
  });

  test('count counts answers', async () => {
    const before = await store.answers.count();
    const conv = await store.conversations.create({ origin: 'v1', owner, scope: scopeOf({}) });
    await store.answers.create(answerFor(conv.id, 'one more'));
    expect(await store.answers.count()).toBe(before + 1);
  });

  test('feedback can be created, found only under its answer, and updated', async () => {
    const conv = await store.conversations.create({ origin: 'v1', owner, scope: scopeOf({}) });
    const a1 = await store.answers.create(answerFor(conv.id, 'a1'));
    const a2 = await store.answers.create(answerFor(conv.id, 'a2'));
    const fb = await store.feedback.create({ answerId: a1.id, rating: 'positive', comment: 'great' });
    expect(fb).toMatchObject({ answerId: a1.id, rating: 'positive', comment: 'great' });
    expect(await store.feedback.find(a1.id, fb.id)).toEqual(fb);
    expect(await store.feedback.find(a2.id, fb.id)).toBeNull();
    expect(await store.feedback.find(a1.id, 'fb_missing')).toBeNull();

    const rated = await store.feedback.update(fb.id, { rating: 'negative' });
    expect(rated).toMatchObject({ rating: 'negative', comment: 'great' });
    expect(rated.updatedAt.getTime()).toBeGreaterThanOrEqual(fb.updatedAt.getTime());
    const cleared = await store.feedback.update(fb.id, { comment: null });
    expect(cleared).toMatchObject({ rating: 'negative', comment: null });
    expect(await store.feedback.find(a1.id, fb.id)).toEqual(cleared);
  });

  test('feedback for a missing answer is rejected', async () => {
    await expect(store.feedback.create({ answerId: 'ans_missing', rating: 'positive', comment: null })).rejects.toThrow();
  });

  test('upsertLegacy finds-or-creates per (tenant, external id), also under concurrency', async () => {
    const t1 = legacy('{"orgId":1}');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => store.conversations.upsertLegacy({ externalId: 'chat-42', owner: t1, scope: scopeOf({ userId: 'u', orgId: 1 }) })),
    );
    const ids = new Set(results.map((c) => c.id));
    expect(ids.size).toBe(1);
    expect(results[0]).toMatchObject({ origin: 'legacy', externalId: 'chat-42', owner: t1 });
    const again = await store.conversations.upsertLegacy({ externalId: 'chat-42', owner: t1, scope: scopeOf({}) });
    expect(again.id).toBe(results[0]?.id);
    // Same external id in another tenant is another conversation.
    const t2 = await store.conversations.upsertLegacy({ externalId: 'chat-42', owner: legacy('{"orgId":2}'), scope: scopeOf({}) });
    expect(t2.id).not.toBe(again.id);
    expect(await store.conversations.findOwned(again.id, legacy('{"orgId":2}'))).toBeNull();
    expect(await store.conversations.findOwned(again.id, t1)).toMatchObject({ id: again.id });
  });

  test('API keys: stored hashed, found while active, not after revocation', async () => {
    const key = generateApiKey();
    const record = await store.apiKeys.create({ name: 'ci', keyHash: hashApiKey(key), prefix: keyPrefix(key) });
    expect(record).toEqual({ id: expect.stringMatching(/^key_/), name: 'ci', prefix: keyPrefix(key), admin: false, createdAt: expect.any(Date), revokedAt: null });
    expect(JSON.stringify(record)).not.toContain(hashApiKey(key));
    expect(await store.apiKeys.findActiveByHash(hashApiKey(key))).toEqual(record);
    expect(await store.apiKeys.findActiveByHash(hashApiKey(generateApiKey()))).toBeNull();
    expect((await store.apiKeys.list()).map((k) => k.id)).toContain(record.id);

    const revoked = await store.apiKeys.revoke(record.id);
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    expect(await store.apiKeys.findActiveByHash(hashApiKey(key))).toBeNull();
    expect((await store.apiKeys.revoke(record.id))?.revokedAt).toEqual(revoked?.revokedAt);
    expect(await store.apiKeys.revoke('key_missing')).toBeNull();
    expect((await store.apiKeys.list()).find((k) => k.id === record.id)?.revokedAt).toEqual(revoked?.revokedAt);
  });

  test('the review queue lists declines and negative feedback newest first, pages by keyset, and drops resolved answers', async () => {
    const conv = await store.conversations.create({ origin: 'v1', owner, scope: scopeOf({ orgId: 1 }) });
    const declined = await store.answers.create({ ...answerFor(conv.id, 'gmv by month'), type: 'text', plan: null, outcome: 'declined', unknownTerms: ['gmv'] });
    const clarified = await store.answers.create({ ...answerFor(conv.id, 'orders by date'), type: 'text', plan: null, outcome: 'clarification', unknownTerms: [] });
    const disliked = await store.answers.create(answerFor(conv.id, 'revenue by city'));
    const feedback = await store.feedback.create({ answerId: disliked.id, rating: 'negative', comment: 'wrong city' });
    expect(declined).toMatchObject({ outcome: 'declined', unknownTerms: ['gmv'] });
    expect(disliked).toMatchObject({ outcome: 'answered', unknownTerms: [] });

    const all = await store.review.list({ reasons: ['declined', 'clarification', 'negative-feedback'], tenantKey: owner.tenantKey }, { limit: 10 });
    const mine = all.filter((i) => [declined.id, clarified.id, feedback.id].includes(i.id));
    expect(mine.map((i) => i.reason)).toEqual(['negative-feedback', 'clarification', 'declined']);
    expect(mine[0]).toMatchObject({ answerId: disliked.id, comment: 'wrong city', question: 'revenue by city' });
    const first = await store.review.list({ reasons: ['declined', 'clarification', 'negative-feedback'], tenantKey: owner.tenantKey }, { limit: 1 });
    const next = await store.review.list({ reasons: ['declined', 'clarification', 'negative-feedback'], tenantKey: owner.tenantKey }, { limit: 10, after: { at: first[0]!.at, id: first[0]!.id } });
    expect(next.map((i) => i.id)).not.toContain(first[0]!.id);
    expect(await store.review.list({ reasons: ['declined'], tenantKey: otherTenant.tenantKey }, { limit: 10 })).toEqual([]);

    await store.review.resolve([declined.id]);
    const queued = await store.review.queued({ tenantKey: owner.tenantKey }, 10);
    expect(queued.map((q) => q.answerId)).toEqual(expect.arrayContaining([clarified.id]));
    expect(queued.map((q) => q.answerId)).not.toContain(declined.id);
  });

  test('taught vocabulary: each write is audited and bumps the store-wide version in the same transaction', async () => {
    const actor = { apiKeyId: null, principal: 'env:admin' };
    const start = await store.knowledge.version();
    const added = await store.knowledge.addVocabulary({ term: 'GMV', termKey: 'gmv', means: 'orders.revenue', tenantKey: '', context: null }, actor);
    expect(added.version).toBe(start + 1);
    await expect(store.knowledge.addVocabulary({ term: 'gmv', termKey: 'gmv', means: 'orders.revenue', tenantKey: '', context: null }, actor)).rejects.toThrow();
    expect(await store.knowledge.version()).toBe(start + 1);
    const tenant = await store.knowledge.addVocabulary({ term: 'gmv', termKey: 'gmv', means: 'orders.subtotal', tenantKey: '{"orgId":2}', context: { orgId: 2 } }, actor);
    const snapshot = await store.knowledge.snapshot();
    expect(snapshot.version).toBe(start + 2);
    expect(snapshot.vocabulary.map((v) => v.id)).toEqual(expect.arrayContaining([added.record.id, tenant.record.id]));
    const removed = await store.knowledge.removeVocabulary(added.record.id, actor);
    expect(removed?.version).toBe(start + 3);
    expect(await store.knowledge.removeVocabulary(added.record.id, actor)).toBeNull();
    const audit = await store.audit.list({ limit: 10 });
    expect(audit.slice(0, 3).map((a) => `${a.action}:${a.target}`)).toEqual([`vocabulary.delete:${added.record.id}`, `vocabulary.create:${tenant.record.id}`, `vocabulary.create:${added.record.id}`]);
    expect(audit[0]).toMatchObject({ principal: 'env:admin', before: { term: 'GMV', means: 'orders.revenue' }, after: null });
  });

  test('the data version: read with the knowledge version, moved only by bumpDataVersion, audited', async () => {
    const actor = { apiKeyId: null, principal: 'env:admin' };
    const start = await store.knowledge.versions();
    expect(start.knowledge).toBe(await store.knowledge.version());
    const moved = await store.knowledge.bumpDataVersion(actor, 'nightly load');
    expect(moved.dataVersion).toBe(start.data + 1);
    expect(await store.knowledge.versions()).toEqual({ knowledge: start.knowledge, data: start.data + 1 });
    await store.knowledge.addVocabulary({ term: 'takings', termKey: 'takings', means: 'orders.revenue', tenantKey: '{"orgId":9}', context: { orgId: 9 } }, actor);
    expect(await store.knowledge.versions()).toEqual({ knowledge: start.knowledge + 1, data: start.data + 1 });
    const audit = await store.audit.list({ limit: 2 });
    expect(audit[1]).toMatchObject({ action: 'cache.invalidate', target: null, principal: 'env:admin', before: { dataVersion: start.data }, after: { dataVersion: start.data + 1, reason: 'nightly load' } });
    expect(audit[1]?.createdAt.getTime()).toBe(moved.at.getTime());
  });

  test('a duplicate key hash is refused', async () => {
    const keyHash = hashApiKey(generateApiKey());
    await store.apiKeys.create({ name: 'one', keyHash, prefix: 'ak_x' });
    await expect(store.apiKeys.create({ name: 'two', keyHash, prefix: 'ak_x' })).rejects.toThrow();
  });

  test('data survives closing and reopening the store (restart)', async () => {
    const conv = await store.conversations.create({ origin: 'v1', owner, scope: scopeOf({ orgId: 1 }) });
    const answer = await store.answers.create(answerFor(conv.id, 'persist me'));
    const fb = await store.feedback.create({ answerId: answer.id, rating: 'positive', comment: null });
    const updated = await store.feedback.update(fb.id, { comment: 'after all' });
    await store.close();
    store = await openStore(db.url);
    expect(await store.conversations.findOwned(conv.id, owner)).toEqual(conv);
    expect(await store.answers.findOwned(answer.id, owner)).toEqual(answer);
    expect(await store.feedback.find(answer.id, fb.id)).toEqual(updated);
  });
});

type RawConversation = { createdAt: string; context: string };
type RawAnswer = { createdAt: string; payload: string; plan: string; sqlParameters: string; timings: string; meta: string; types: string };

/**
 * The rows as stored, in the order of the ids given: text on SQLite (where createdAt's text is what
 * ORDER BY compares); on PostgreSQL the JSON as jsonb text and the column types (a timestamp's value
 * is checked by the round trip).
 */
async function rawRows(url: string, conversationIds: string[], answerIds: string[]): Promise<{ conversations: RawConversation[]; answers: RawAnswer[] }> {
  const target = parseDatabaseUrl(url);
  if (target.kind === 'sqlite') {
    const sqlite = new Database(target.file, { readonly: true });
    try {
      const conversation = sqlite.prepare('SELECT createdAt, context FROM "Conversation" WHERE id = ?');
      const answer = sqlite.prepare(
        `SELECT createdAt, payload, plan, sqlParameters, timings, meta,
           typeof(createdAt) || typeof(payload) || typeof(plan) || typeof(confidence) || typeof(timings) AS types FROM "Answer" WHERE id = ?`,
      );
      return {
        conversations: conversationIds.map((id) => conversation.get(id) as RawConversation),
        answers: answerIds.map((id) => answer.get(id) as RawAnswer),
      };
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client(target.pool);
  await client.connect();
  try {
    const conversations = await Promise.all(
      conversationIds.map(async (id) => (await client.query<RawConversation>('SELECT pg_typeof("createdAt")::text AS "createdAt", context::text AS context FROM "Conversation" WHERE id = $1', [id])).rows[0]!),
    );
    const answers = await Promise.all(
      answerIds.map(
        async (id) =>
          (
            await client.query<RawAnswer>(
              `SELECT pg_typeof("createdAt")::text AS "createdAt", payload::text AS payload, plan::text AS plan, "sqlParameters"::text AS "sqlParameters",
                 timings::text AS timings, meta::text AS meta, pg_typeof(confidence)::text AS types FROM "Answer" WHERE id = $1`,
              [id],
            )
          ).rows[0]!,
      ),
    );
    return { conversations, answers };
  } finally {
    await client.end();
  }
}
