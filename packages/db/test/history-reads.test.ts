/**
 * The store's bounded reads behind history pages (issue 25, item 2), on SQLite and PostgreSQL: the sizes
 * of a page's candidates before any payload is read, reading chosen answers back in a given order, a
 * follow-up's turns without payloads, each answer's newest feedback only, each conversation's first
 * question among many answers, answer facts without the payload, and a question's first characters.
 */
import { openStore } from '../src/prisma-store';
import type { NewAnswer, Owner, Store } from '../src/store';
import { freshDatabase, providers, type FreshDatabase } from './support/test-databases';
import { scopeOf } from './support/tenant-scopes';

const owner: Owner = { apiKeyId: 'key_a', principal: 'db:key_a', tenantKey: '{"orgId":1}' };
const bytes = (value: unknown): number => Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value), 'utf8');

function answer(conversationId: string, question: string, cells = 1): NewAnswer {
  const rows = Array.from({ length: cells }, (_, i) => [`row ${i} ü`]);
  return {
    conversationId,
    owner,
    question,
    type: 'table',
    message: `Answer to ${question}`,
    payload: { type: 'table', message: `Answer to ${question}`, table: { title: 't', columns: [{ name: 'a', label: 'A', kind: 'string' }], rows, displayRows: rows } },
    plan: { kind: 'list', question },
    sql: 'select 1',
    sqlParameters: [],
    engine: 'rules',
    confidence: 1,
    timings: {},
    meta: { partial: { shown: 1, of: 2 } },
  };
}

describe.each(providers)('history reads on %s', (provider) => {
  let db: FreshDatabase;
  let store: Store;
  beforeAll(async () => {
    db = await freshDatabase(provider, 'history');
    store = await openStore(db.url);
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
  });

  test('sizes a page before reading it: newest first from a keyset, each with the bytes its question, message and payload take', async () => {
    const conversation = await store.conversations.create({ origin: 'v1', owner, scope: scopeOf({ orgId: 1 }) });
    const written = [];
    for (const [i, cells] of [1, 500, 20].entries()) written.push(await store.answers.create(answer(conversation.id, `q${i}`, cells)));
    const sizes = await store.answers.sizesForConversation(conversation.id, { limit: 10 });
    expect(sizes.map((s) => s.id)).toEqual(written.map((w) => w.id).reverse());
    for (const size of sizes) {
      const record = written.find((w) => w.id === size.id)!;
      const exact = bytes(record.payload) + bytes(record.question) + bytes(record.message);
      // PostgreSQL's jsonb text form adds a space after each ':' and ',': never less than the JSON, at most a third more here.
      expect(size.bytes).toBeGreaterThanOrEqual(exact);
      expect(size.bytes).toBeLessThanOrEqual(provider === 'sqlite' ? exact : exact * 1.34);
    }
    const [newest] = sizes;
    const before = await store.answers.sizesForConversation(conversation.id, { limit: 1, before: { createdAt: newest!.createdAt, id: newest!.id } });
    expect(before.map((s) => s.id)).toEqual([written[1]!.id]);
    expect(await store.answers.sizesForConversation('conv_missing', { limit: 5 })).toEqual([]);
  });

  test('reads answers back in the order asked, with what showing them needs; a follow-up reads questions and plans only', async () => {
    const conversation = await store.conversations.create({ origin: 'v1', owner, scope: scopeOf({ orgId: 1 }) });
    const a = await store.answers.create(answer(conversation.id, 'first'));
    const b = await store.answers.create(answer(conversation.id, 'second'));
    const views = await store.answers.readBack([b.id, 'ans_missing', a.id]);
    expect(views).toEqual([b, a].map((r) => ({ id: r.id, conversationId: r.conversationId, question: r.question, message: r.message, payload: r.payload, meta: r.meta, createdAt: r.createdAt })));
    expect(await store.answers.recentTurns(conversation.id, 1)).toEqual([{ question: 'second', plan: b.plan }]);
    expect(await store.answers.recentTurns(conversation.id, 5)).toEqual([{ question: 'first', plan: a.plan }, { question: 'second', plan: b.plan }]);
    const { payload: _payload, ...facts } = a;
    expect(await store.answers.findById(a.id)).toEqual(facts);
    expect(await store.answers.findOwnedByPrincipal(a.id, owner)).toEqual(facts);
  });

  test("lists each answer's newest feedback only, oldest first, when asked to", async () => {
    const conversation = await store.conversations.create({ origin: 'v1', owner, scope: scopeOf({ orgId: 1 }) });
    const flooded = await store.answers.create(answer(conversation.id, 'flooded'));
    const quiet = await store.answers.create(answer(conversation.id, 'quiet'));
    const comments: string[] = [];
    for (let i = 0; i < 8; i += 1) comments.push((await store.feedback.create({ answerId: flooded.id, rating: 'negative', comment: `c${i}` })).comment ?? '');
    await store.feedback.create({ answerId: quiet.id, rating: 'positive', comment: null });
    const newest = await store.feedback.listForAnswers([flooded.id, quiet.id], { newestPerAnswer: 3 });
    expect(newest.filter((f) => f.answerId === flooded.id).map((f) => f.comment)).toEqual(comments.slice(-3));
    expect(newest.filter((f) => f.answerId === quiet.id)).toHaveLength(1);
    expect(await store.feedback.listForAnswers([flooded.id, quiet.id])).toHaveLength(9);
  });

  test('gives each listed conversation its first question, however many answers it holds', async () => {
    const busy = await store.conversations.create({ origin: 'v1', owner: { ...owner, tenantKey: '{"orgId":7}' }, scope: scopeOf({ orgId: 7 }) });
    const empty = await store.conversations.create({ origin: 'v1', owner: { ...owner, tenantKey: '{"orgId":7}' }, scope: scopeOf({ orgId: 7 }) });
    for (let i = 0; i < 30; i += 1) await store.answers.create({ ...answer(busy.id, `question ${i}`), owner: { ...owner, tenantKey: '{"orgId":7}' } });
    const listed = await store.conversations.listOwned({ ...owner, tenantKey: '{"orgId":7}' }, { limit: 10 });
    expect(listed.map((c) => [c.id, c.firstQuestion])).toEqual([[empty.id, null], [busy.id, 'question 0']]);
  });

  test("quotes a question's first characters and says how long it is, reading no more of it", async () => {
    const conversation = await store.conversations.create({ origin: 'v1', owner, scope: scopeOf({ orgId: 1 }) });
    const long = await store.answers.create(answer(conversation.id, `ünïcode ${'word '.repeat(2000)}`));
    const short = await store.answers.create(answer(conversation.id, 'short one'));
    const excerpts = await store.review.questionExcerpts([long.id, short.id, 'ans_missing'], 20);
    expect(excerpts.sort((a, b) => a.length - b.length)).toEqual([
      { answerId: short.id, excerpt: 'short one', length: 9 },
      { answerId: long.id, excerpt: long.question.slice(0, 20), length: long.question.length },
    ]);
  });
});
