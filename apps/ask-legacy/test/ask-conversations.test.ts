/**
 * Caller-chosen conversation ids on SQLite and PostgreSQL: a known (org, conversationId) pair continues
 * its conversation (a follow-up changes the breakdown), and the same id from another organisation is that
 * organisation's own conversation: nothing of the first one's questions, plans or figures reaches it.
 */
import { legacyAnswerSchema, type LegacyAnswer } from '@askdata/contract';
import { tenantScopeFor } from '@askdata/service';
import { createLogger, createMemoryTransport } from '@askdata/http-kit';
import request from 'supertest';
import { slowForOrganisation } from '../../../test-support/hostile/slow-data-source';
import { createApp } from '../src/app';
import { ASK_PATH, createTestApp, testConfig, type TestApp } from './support/test-app';
import type { StoreKind } from './support/test-deps';
import { revenueByCategory } from './support/warehouse-sql';

const owner = (orgId: number) => ({ apiKeyId: null, principal: 'legacy', tenantKey: `{"orgId":${orgId}}` });

describe.each<StoreKind>(['sqlite', 'postgres'])('legacy conversations on a %s store', (storeKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ storeKind });
  });
  afterAll(() => t.close());

  const ask = async (question: string, orgId: number, conversationId: string, stringForm = false): Promise<LegacyAnswer> => {
    const requestContext = { userId: `user-of-${orgId}`, orgId };
    const res = await request(t.app)
      .post(ASK_PATH)
      .send({ question, conversationId, requestContext: stringForm ? JSON.stringify(requestContext) : requestContext });
    expect(res.status).toBe(200);
    return legacyAnswerSchema.parse(res.body);
  };
  const conversationOf = (externalId: string, orgId: number) => t.testStore.store.conversations.upsertLegacy({ externalId, owner: owner(orgId), scope: tenantScopeFor(t, { orgId }) });
  const questionsOf = async (externalId: string, orgId: number) =>
    (await t.testStore.store.answers.listForConversation((await conversationOf(externalId, orgId)).id, 10)).map((answer) => answer.question);

  it('creates a conversation only with its first answer: a question that fails leaves nothing behind (issue 12, item 9)', async () => {
    const id = `${storeKind}-failed-first`;
    // The real data source, with organisation 1's query replaced by a runaway statement killed at a short timeout.
    const answerDeps = { ...t.answerDeps, dataSource: slowForOrganisation(t.answerDeps.dataSource, 1), limits: { ...t.answerDeps.limits, timeoutMs: 300 } };
    const logger = createLogger({ level: 'error', service: 'test', transports: [createMemoryTransport().transport] });
    const failing = createApp({ config: testConfig({ DATABASE_URL: t.testStore.url }), store: t.testStore.store, answerDeps, logger });
    const res = await request(failing).post(ASK_PATH).send({ question: 'How many orders are there?', conversationId: id, requestContext: { orgId: 1 } });
    expect(res.status).toBe(504);
    expect(await t.testStore.store.conversations.findLegacy(id, owner(1))).toBeNull();
    // The same id then starts a conversation normally, with that answer as its first.
    await ask('How many orders are there?', 1, id);
    expect(await questionsOf(id, 1)).toEqual(['How many orders are there?']);
  });

  it('first questions racing on one new id share one conversation', async () => {
    const id = `${storeKind}-race`;
    await Promise.all(Array.from({ length: 6 }, (_, i) => ask(`How many orders are there? (${i})`, 2, id)));
    expect(await questionsOf(id, 2)).toHaveLength(6);
  });

  it('continues a conversation by its caller-chosen id: a follow-up changes the breakdown', async () => {
    const id = `${storeKind}-continue`;
    const first = await ask('revenue by category last month', 1, id);
    expect(first.chart).toMatchObject({ type: 'bar', xLabel: 'Category' });
    // The string form of requestContext names the same conversation.
    const second = await ask('and by month?', 1, id, true);
    // Last month holds one month: the follow-up widens to the 12 months up to it and keeps the category.
    expect(second.type).toBe('table');
    expect(second.table?.head).toEqual(['Category', 'Month', 'Revenue']);
    expect(second.message).toContain('March 2025 – February 2026');
    expect(await questionsOf(id, 1)).toEqual(['revenue by category last month', 'and by month?']);
  });

  it('without that conversation, the same follow-up has nothing to follow', async () => {
    const alone = await ask('and by month?', 1, `${storeKind}-fresh`);
    expect(alone.type).toBe('text');
    expect(alone.chart).toBeUndefined();
  });

  it('keeps the same id from another organisation apart: a separate conversation that sees none of the first', async () => {
    const id = `${storeKind}-shared-id`;
    const orgOne = await ask('revenue by category last month', 1, id);
    const orgOneFigures = (orgOne.chart?.data ?? []).map((point) => point.value.toLocaleString('en-US', { maximumFractionDigits: 0 }));
    expect(orgOneFigures.length).toBeGreaterThan(1);

    // Org 2 sends org 1's id with a follow-up: it must not get org 1's plan (a category breakdown, by month).
    const orgTwo = await ask('and by month?', 2, id);
    expect(orgTwo.type).toBe('text');
    expect(orgTwo.chart).toBeUndefined();
    for (const figure of orgOneFigures) expect(orgTwo.message).not.toContain(figure);

    const [one, two] = [await conversationOf(id, 1), await conversationOf(id, 2)];
    expect(one.id).not.toBe(two.id);
    expect([one.origin, two.origin]).toEqual(['legacy', 'legacy']);
    expect(two.context).toEqual({ userId: 'user-of-2', orgId: 2 });
    expect(await questionsOf(id, 2)).toEqual(['and by month?']);
    expect(await questionsOf(id, 1)).toEqual(['revenue by category last month']);

    // Org 2 asking its own breakdown in "its" conversation gets its own figures, not org 1's.
    const orgTwoBreakdown = await ask('revenue by category last month', 2, id);
    expect(orgTwoBreakdown.chart?.data.map((point) => Math.round(point.value * 100) / 100)).toEqual(
      revenueByCategory(2, '2026-02-01', '2026-03-01').map((row) => row.value),
    );
    // And org 1's conversation still continues from its own last plan.
    const orgOneFollowUp = await ask('and by month?', 1, id);
    expect(orgOneFollowUp.table?.head).toEqual(['Category', 'Month', 'Revenue']);
    expect(await questionsOf(id, 1)).toEqual(['revenue by category last month', 'and by month?']);
  });

  it('lives apart from v1 conversations: a legacy id equal to a v1 conversation id does not reach it', async () => {
    const { store } = t.testStore;
    const v1 = await store.conversations.create({ origin: 'v1', owner: { apiKeyId: null, principal: 'env:0', tenantKey: '{"orgId":1}' }, scope: tenantScopeFor(t, { orgId: 1 }) });
    const answer = await ask('and by month?', 1, v1.id);
    expect(answer.type).toBe('text');
    expect((await conversationOf(v1.id, 1)).id).not.toBe(v1.id);
    expect(await store.answers.listForConversation(v1.id, 10)).toEqual([]);
  });
});
