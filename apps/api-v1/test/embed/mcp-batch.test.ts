/**
 * Issue 35 (third hostile review), F3: a JSON-RPC batch on /mcp cannot get more answers than the rate limit
 * allows. Batches are refused (400 problem+json, nothing run): the 2025-06-18 revision of MCP removed them,
 * and the SDK's clients send one message per request.
 * Before: a batch of up to 100 `tools/call` messages was one HTTP request, counted once by the per-key
 * limit, so three batches of 100 `ask` calls stored 300 answers under a limit of 120 a minute.
 */
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, type TestApp } from '../support/test-app';
import { createStoreKey } from './support/tokens';

jest.setTimeout(60_000);

const LIMIT = 3;
const ask = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'ask', arguments: { question: 'How many orders are there?' } } });

describe('a JSON-RPC batch on /mcp', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { RATE_LIMIT_PER_MINUTE: LIMIT } });
    key = (await createStoreKey(t.testStore.store, { name: 'assistant', context: { orgId: 1 } })).key;
  });
  afterAll(() => t.close());

  const mcp = (body: unknown) => request(t.app).post('/mcp').set(...auth(key)).set('Accept', 'application/json, text/event-stream').send(body as object);

  it('cannot get more answers than RATE_LIMIT_PER_MINUTE allows: the batch is refused, single calls stop at the limit', async () => {
    const before = await t.testStore.store.answers.count();
    const batch = await mcp(Array.from({ length: 10 }, (_, index) => ask(index + 1)));
    expectProblem(batch, 400, 'validation-failed');
    expect(batch.body.detail).toMatch(/batch/i);
    expect(await t.testStore.store.answers.count()).toBe(before);

    // The refused batch was one request of the minute's budget; the single calls get the rest, and no more.
    const statuses: number[] = [];
    for (let id = 1; id <= LIMIT + 1; id += 1) statuses.push((await mcp(ask(id))).status);
    expect(statuses).toEqual([...Array(LIMIT - 1).fill(200), 429, 429]);
    expect(await t.testStore.store.answers.count()).toBe(before + LIMIT - 1);
    expect(await t.testStore.store.answers.count()).toBeLessThanOrEqual(before + LIMIT);
  });
});
