/**
 * POST /ask end to end on the real pipeline, the demo warehouse and a real store (SQLite and PostgreSQL):
 * every answer type in the legacy top-level shape, both requestContext forms, figures checked against
 * direct SQL per organisation, and persistence of the conversation and the answer.
 */
import type { CoreAnswer } from '@askdata/core';
import { legacyAnswerSchema, legacyResponseSchema, toLegacyAnswer, type LegacyAnswer } from '@askdata/contract';
import { tenantScopeFor } from '@askdata/service';
import request from 'supertest';
import { ASK_PATH, createTestApp, type TestApp } from './support/test-app';
import type { StoreKind } from './support/test-deps';
import { orderCount, revenueByCategory, topCustomers } from './support/warehouse-sql';

const LEGACY_OWNER = (orgId: number) => ({ apiKeyId: null, principal: 'legacy', tenantKey: `{"orgId":${orgId}}` });
const round2 = (value: number) => Math.round(value * 100) / 100;

describe.each<StoreKind>(['sqlite', 'postgres'])('POST /ask answers on a %s store', (storeKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ storeKind });
  });
  afterAll(() => t.close());

  let seq = 0;
  const newId = () => `${storeKind}-answers-${(seq += 1)}`;
  const ask = (question: string, requestContext: unknown, conversationId = newId()) =>
    request(t.app).post(ASK_PATH).send({ question, conversationId, requestContext });

  /** A 200 JSON body in the legacy top-level form (no `answer` wrapper), parsed strictly. */
  function legacyBody(res: request.Response): LegacyAnswer {
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).not.toHaveProperty('answer');
    expect(legacyResponseSchema.safeParse(res.body).success).toBe(true);
    return legacyAnswerSchema.parse(res.body);
  }

  it('answers a single figure as text, scoped by orgId, with the object form of requestContext', async () => {
    const one = legacyBody(await ask('How many orders are there?', { userId: 'u-1', orgId: 1 }));
    expect(one).toEqual({ type: 'text', message: expect.stringContaining(orderCount(1).toLocaleString('en-US')) });
  });

  it('accepts requestContext as a string holding the JSON object, with the same scoping', async () => {
    const two = legacyBody(await ask('How many orders are there?', JSON.stringify({ userId: 'u-2', orgId: 2 })));
    expect(two.type).toBe('text');
    expect(two.message).toContain(orderCount(2).toLocaleString('en-US'));
    expect(orderCount(2)).not.toBe(orderCount(1));
    expect(two.message).not.toContain(orderCount(1).toLocaleString('en-US'));
  });

  it('answers a breakdown over categories as a bar chart whose values match direct SQL per organisation', async () => {
    expect(revenueByCategory(1, '2026-02-01', '2026-03-01')).not.toEqual(revenueByCategory(2, '2026-02-01', '2026-03-01'));
    for (const orgId of [1, 2]) {
      const answer = legacyBody(await ask('Revenue by category last month', { userId: 'u', orgId }));
      expect(answer.type).toBe('chart');
      expect(answer.chart).toMatchObject({ type: 'bar', title: 'Revenue by category, last month (February 2026)', xLabel: 'Category', yLabel: 'Revenue (USD)' });
      const expected = revenueByCategory(orgId, '2026-02-01', '2026-03-01');
      expect(expected.length).toBeGreaterThan(1);
      expect(answer.chart?.data.map((point) => ({ label: point.label, value: round2(point.value) }))).toEqual(expected);
    }
  });

  it('answers a trend as a line chart with meaningful title and axis labels', async () => {
    const answer = legacyBody(await ask('revenue by month last 12 months', { userId: 'u', orgId: 1 }));
    expect(answer.type).toBe('chart');
    expect(answer.chart).toMatchObject({ type: 'line', title: 'Revenue by month, last 12 months (March 2025 – February 2026)', xLabel: 'Month', yLabel: 'Revenue (USD)' });
    expect(answer.chart?.data).toHaveLength(12);
    expect(answer.chart?.data[0]).toEqual({ label: 'March 2025', value: expect.any(Number) });
    expect(answer.chart?.data.at(-1)?.label).toBe('February 2026');
  });

  it('answers a ranking as a table: plain-string head, numeric cells as numbers, matching direct SQL', async () => {
    expect(topCustomers(1, 5)).not.toEqual(topCustomers(2, 5));
    for (const orgId of [1, 2]) {
      const answer = legacyBody(await ask('Top 5 customers by spend', { userId: 'u', orgId }));
      expect(answer.type).toBe('table');
      expect(answer.table?.head).toEqual(['Customer', 'Revenue']);
      const body = answer.table?.body ?? [];
      for (const [name, revenue] of body) {
        expect(typeof name).toBe('string');
        expect(typeof revenue).toBe('number');
      }
      expect(body.map(([name, revenue]) => [name, round2(Number(revenue))])).toEqual(topCustomers(orgId, 5));
    }
  });

  it('persists the legacy conversation (origin legacy, caller-chosen id) and the answer with plan, SQL and payload', async () => {
    const conversationId = newId();
    const res = await ask('Revenue by category last month', { userId: 'u-9', orgId: 1 }, conversationId);
    const body = legacyBody(res);
    const { store } = t.testStore;
    // upsertLegacy finds the existing conversation; listing its answers proves it is the one /ask wrote to.
    const conversation = await store.conversations.upsertLegacy({ externalId: conversationId, owner: LEGACY_OWNER(1), scope: tenantScopeFor(t, { orgId: 1 }) });
    expect(conversation).toMatchObject({ origin: 'legacy', externalId: conversationId, owner: LEGACY_OWNER(1), context: { userId: 'u-9', orgId: 1 } });
    const [stored, ...rest] = await store.answers.listForConversation(conversation.id, 10);
    expect(rest).toEqual([]);
    expect(stored).toMatchObject({ question: 'Revenue by category last month', type: 'chart', message: body.message, owner: LEGACY_OWNER(1) });
    expect(stored?.plan).not.toBeNull();
    expect(stored?.sql).toMatch(/organisation_id/);
    expect(stored?.sqlParameters).toEqual(expect.arrayContaining([1]));
    expect(toLegacyAnswer(stored?.payload as CoreAnswer)).toEqual(body);
  });
});
