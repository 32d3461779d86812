/**
 * Issue 39: a reply that picks one of a clarifying question's two readings is recorded on that
 * clarification, and the review queue shows it; on SQLite and PostgreSQL (the pick is read out of the
 * answer's meta on the driver, differently on each). Only the clarification just before the reply in the
 * same conversation, of the same owner, is ever touched.
 */
import { openStore } from '../src/prisma-store';
import type { AnswerRecord, NewAnswer, Owner, Store } from '../src/store';
import { freshDatabase, providers, type FreshDatabase } from './support/test-databases';
import { scopeOf } from './support/tenant-scopes';

const owner: Owner = { apiKeyId: 'key_a', principal: 'db:key_a', tenantKey: '{"orgId":1}' };
const otherTenant: Owner = { ...owner, tenantKey: '{"orgId":2}' };

function answer(conversationId: string, question: string, outcome: 'answered' | 'clarification', who: Owner = owner): NewAnswer {
  return {
    conversationId,
    owner: who,
    question,
    type: 'text',
    message: outcome === 'clarification' ? '"name" could mean customer name or product name. Which one do you mean?' : 'An answer.',
    payload: { type: 'text', message: 'm' },
    plan: outcome === 'clarification' ? null : { kind: 'list' },
    sql: null,
    sqlParameters: null,
    engine: 'rules',
    confidence: 0.5,
    timings: {},
    meta: { trace: [{ step: 'rule', rule: 'r', words: 'name', reason: 'why', chosen: true }] },
    outcome,
  };
}

describe.each(providers)('picked readings in the review queue on %s', (provider) => {
  let db: FreshDatabase;
  let store: Store;
  beforeAll(async () => {
    db = await freshDatabase(provider, 'picks');
    store = await openStore(db.url);
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
  });

  const conversation = (who: Owner = owner) => store.conversations.create({ origin: 'v1', owner: who, scope: scopeOf(JSON.parse(who.tenantKey) as Record<string, number>) });
  const pick = (conversationId: string, reply: AnswerRecord, who: Owner = owner) =>
    store.review.recordPick({ conversationId, owner: who, answer: { id: reply.id, createdAt: reply.createdAt }, option: 'product name', reply: 'the second one' });
  const queued = async (answerId: string) => (await store.review.list({ reasons: ['clarification'] }, { limit: 50 })).find((item) => item.answerId === answerId);

  test('the pick lands on the clarification just before the reply, and the queue shows it; its meta keeps the rest', async () => {
    const { id } = await conversation();
    const asked = await store.answers.create(answer(id, 'Revenue by name', 'clarification'));
    const reply = await store.answers.create(answer(id, 'the second one', 'answered'));
    expect(await queued(asked.id)).not.toHaveProperty('picked');
    expect(await pick(id, reply)).toBe(asked.id);
    expect((await queued(asked.id))?.picked).toEqual({ option: 'product name', reply: 'the second one', answerId: reply.id });
    expect((await store.answers.findById(asked.id))?.meta.trace).toEqual(asked.meta.trace);
  });

  test('nothing is touched when the answer before the reply is not a clarification', async () => {
    const { id } = await conversation();
    const asked = await store.answers.create(answer(id, 'Revenue by name', 'clarification'));
    await store.answers.create(answer(id, 'How many orders?', 'answered'));
    const reply = await store.answers.create(answer(id, 'the second one', 'answered'));
    expect(await pick(id, reply)).toBeNull();
    expect(await queued(asked.id)).not.toHaveProperty('picked');
  });

  test('another conversation, or another tenant, is never touched', async () => {
    const mine = await conversation();
    const theirs = await conversation(otherTenant);
    const asked = await store.answers.create(answer(mine.id, 'Revenue by name', 'clarification'));
    const elsewhere = await store.answers.create(answer(theirs.id, 'Revenue by name', 'clarification', otherTenant));
    const reply = await store.answers.create(answer(mine.id, 'the second one', 'answered'));
    // The reply's own conversation under another owner: the clarification is not that owner's.
    expect(await pick(mine.id, reply, otherTenant)).toBeNull();
    // Another conversation than the reply's: its clarification came before the reply, but it is not the reply's.
    const fresh = await conversation();
    const lone = await store.answers.create(answer(fresh.id, 'the second one', 'answered'));
    expect(await pick(fresh.id, lone)).toBeNull();
    expect(await queued(asked.id)).not.toHaveProperty('picked');
    expect(await queued(elsewhere.id)).not.toHaveProperty('picked');
  });

  test('a stored pick that does not read as one is left out of the queue item', async () => {
    const { id } = await conversation();
    const asked = await store.answers.create({ ...answer(id, 'Revenue by name', 'clarification'), meta: { picked: { option: 'product name', answerId: 42 } } });
    expect(await queued(asked.id)).not.toHaveProperty('picked');
  });
});
