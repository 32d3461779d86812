/**
 * POST /api/v1/conversations/answer end to end on the real pipeline, the demo warehouse and a real
 * store, on SQLite and on PostgreSQL: new and continued conversations, ownership by key and tenant,
 * persistence, and context errors.
 */
import { v1AnswerSchema } from '@askdata/contract';
import { envKeyPrincipal } from '@askdata/db';
import Database from 'better-sqlite3';
import request from 'supertest';
import { expectProblem } from '../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, OTHER_ENV_KEY, type TestApp } from './support/test-app';
import { testWarehousePath, type StoreKind } from './support/test-deps';

const ANSWER_PATH = '/api/v1/conversations/answer';

function directOrderCount(orgId: number): number {
  const db = new Database(testWarehousePath(), { readonly: true });
  try {
    const row = db.prepare('SELECT count(*) AS n FROM orders WHERE organisation_id = ?').get(orgId) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

describe.each<StoreKind>(['sqlite', 'postgres'])('answer flow on a %s store', (storeKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ storeKind });
  });
  afterAll(() => t.close());

  const ask = (body: object, key = ENV_KEY) => request(t.app).post(ANSWER_PATH).set(...auth(key)).send(body);

  it('answers a question in a new conversation with a valid v1 Answer, and persists both', async () => {
    const res = await ask({ question: 'How many orders are there?', context: { orgId: 1 } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const answer = v1AnswerSchema.parse(res.body);
    expect(answer.type).toBe('text');
    expect(answer.message).toContain(directOrderCount(1).toLocaleString('en-US'));

    const owner = { apiKeyId: null, principal: envKeyPrincipal(ENV_KEY), tenantKey: '{"orgId":1}' };
    const conversation = await t.testStore.store.conversations.findOwned(answer.conversationId, owner);
    expect(conversation).toMatchObject({ id: answer.conversationId, origin: 'v1', context: { orgId: 1 } });
    const stored = await t.testStore.store.answers.findOwned(answer.id, owner);
    expect(stored).toMatchObject({ question: 'How many orders are there?', type: 'text', message: answer.message, engine: expect.any(String) });
    expect(stored?.sql).toEqual(expect.any(String));
    expect(stored?.plan).not.toBeNull();
    expect(stored?.timings.totalMs).toEqual(expect.any(Number));
  });

  it('gives each organisation its own figures', async () => {
    const one = await ask({ question: 'How many orders are there?', context: { orgId: 1 } });
    const two = await ask({ question: 'How many orders are there?', context: { orgId: 2 } });
    expect(one.body.message).toContain(directOrderCount(1).toLocaleString('en-US'));
    expect(two.body.message).toContain(directOrderCount(2).toLocaleString('en-US'));
    expect(one.body.conversationId).not.toBe(two.body.conversationId);
  });

  it('continues a conversation: same conversationId, and the previous turn is available', async () => {
    const first = await ask({ question: 'revenue by product category', context: { orgId: 1 } });
    expect(first.status).toBe(200);
    const second = await ask({ question: 'and last month?', context: { orgId: 1 }, conversationId: first.body.conversationId });
    expect(second.status).toBe(200);
    expect(second.body.conversationId).toBe(first.body.conversationId);
    expect(second.body.id).not.toBe(first.body.id);
    const turns = await t.testStore.store.answers.listForConversation(first.body.conversationId, 10);
    expect(turns.map((turn) => turn.id)).toEqual([first.body.id, second.body.id]);
  });

  it('answers 404 for an unknown conversation, another key\'s, or another tenant\'s, all alike', async () => {
    const first = await ask({ question: 'How many orders are there?', context: { orgId: 1 } });
    const { conversationId } = first.body as { conversationId: string };
    const unknown = await ask({ question: 'and products?', context: { orgId: 1 }, conversationId: 'does-not-exist' });
    const otherKey = await ask({ question: 'and products?', context: { orgId: 1 }, conversationId }, OTHER_ENV_KEY);
    const otherTenant = await ask({ question: 'and products?', context: { orgId: 2 }, conversationId });
    const junk = await ask({ question: 'and products?', context: { orgId: 1 }, conversationId: '../../etc/passwd' });
    for (const res of [unknown, otherKey, otherTenant, junk]) expectProblem(res, 404, 'not-found');
    expect(new Set([unknown, otherKey, otherTenant].map((res) => res.body.detail)).size).toBe(1);
  });

  it.each([
    ['missing', {}],
    ['null', { orgId: null }],
    ['empty', { orgId: '' }],
  ])('answers 400 when the tenant context value is %s, before any conversation is created', async (_name, context) => {
    const before = await t.testStore.store.answers.count();
    const res = await ask({ question: 'How many orders are there?', context });
    expectProblem(res, 400, 'context-missing');
    expect(res.body.code).toBe('CONTEXT_MISSING');
    expect(await t.testStore.store.answers.count()).toBe(before);
  });

  it('records context keys the model does not map, without applying them', async () => {
    const res = await ask({ question: 'How many orders are there?', context: { orgId: 1, team: 'sales' } });
    expect(res.status).toBe(200);
    const stored = await t.testStore.store.answers.findOwned(res.body.id, { apiKeyId: null, principal: envKeyPrincipal(ENV_KEY), tenantKey: '{"orgId":1}' });
    expect(stored?.meta.contextIgnored).toEqual(['team']);
  });
});
