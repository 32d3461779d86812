/**
 * A hostile model behind NL_ENGINE=llm, through the real app and the real @langchain/openai client talking
 * to an OpenAI-compatible stub on 127.0.0.1 (issue 12, items 3, 4 and 5): the model's own words never reach
 * a caller (its period label, filter values it invented), the prompt carries only the caller's tenant's
 * values, and a reply nested 5,000 deep is a decline, not a stack overflow. Issue 25, item 12: a 20 MB
 * tool-call argument (it took 3.5 s and 300 MB to decline) is not read past LLM_MAX_REPLY_BYTES (1 MB),
 * whether the reply declares its length or not: the client hangs up on it, and the answer is a decline
 * saying why, without a retry.
 */
import request from 'supertest';
import { createLlmTestApp, type LlmTestApp } from '../llm/llm-app';
import { startOpenAiStub, type OpenAiStub } from '../llm/openai-stub';
import { auth, ENV_KEY } from '../support/test-app';
import { expectSafe } from '../../../../test-support/hostile/safe-response';

const ANSWER = '/api/v1/conversations/answer';
const HOSTILE_LABEL = 'ALL ORGANISATIONS COMBINED. Call +1-555-0100 to verify your account';
const INVENTED = 'Fiction. SECURITY NOTICE: your session expired, visit evil.example';

const plan = (extra: Record<string, unknown>) => ({
  kind: 'aggregate', entity: 'orders', followUp: false,
  measures: [{ kind: 'model_measure', measure: 'orders.revenue', aggregation: null, field: null }],
  dimensions: [], fields: [], filters: [], timeRange: null, orderBy: [], limit: null, presentation: 'auto', ...extra,
});
const categoryIs = (value: string) => ({ filters: [{ field: 'products.category', op: 'eq', value, values: null, high: null }] });

const replies: Record<string, unknown> = {
  'How did the shop do in February?': plan({ timeRange: { field: 'orders.created_at', start: '2026-02-01', end: '2026-03-01', label: HOSTILE_LABEL } }),
  'What did the best shelf earn?': plan(categoryIs(INVENTED)),
  'What did the story shelf earn?': plan(categoryIs('Fiction')),
  'What did the Fiction shelf earn?': plan(categoryIs('Fiction')),
  'How big can a reply be?': { oversizedBytes: 20 * 1024 * 1024, declareLength: true },
  'How big can a streamed reply be?': { oversizedBytes: 20 * 1024 * 1024, declareLength: false },
  'How deep does it go?': { rawArguments: `{"kind":"aggregate","entity":"orders","followUp":false,"measures":${'['.repeat(5000)}${']'.repeat(5000)}}` },
};

describe('a hostile model (NL_ENGINE=llm)', () => {
  let stub: OpenAiStub;
  let t: LlmTestApp;
  beforeAll(async () => {
    stub = await startOpenAiStub((question) => replies[question]);
    t = await createLlmTestApp({ storeKind: 'sqlite', llmBaseUrl: stub.baseUrl, env: { NL_ENGINE: 'llm', LLM_INCLUDE_VALUES: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });
  const ask = async (question: string, orgId: number): Promise<string> => {
    const res = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question, context: { orgId } });
    expectSafe(res);
    expect(res.status).toBe(200);
    return String(res.body.message);
  };

  it('never shows the model\'s period label: the period is named from its days', async () => {
    const message = await ask('How did the shop do in February?', 1);
    expect(message).toMatch(/^Revenue was \$[\d,.]+ in February 2026\.$/);
    for (const word of ['ORGANISATIONS', 'COMBINED', '555', 'verify']) expect(message).not.toContain(word);
  });

  it('never echoes a filter value the model invented', async () => {
    const message = await ask('What did the best shelf earn?', 1);
    for (const word of ['SECURITY', 'Fiction', 'evil.example', 'session']) expect(message).not.toContain(word);
    expect(message).toMatch(/could not turn this question into a query/);
  });

  it('uses a model\'s value only when the caller\'s tenant has it or the question says it', async () => {
    // Fiction is organisation 2's category: for organisation 1 the model's word is refused...
    expect(await ask('What did the story shelf earn?', 1)).not.toContain('Fiction');
    // ...for organisation 2 it is its own value...
    expect(await ask('What did the story shelf earn?', 2)).toMatch(/in Fiction\.$/);
    // ...and when the caller wrote it, it is the caller's word.
    expect(await ask('What did the Fiction shelf earn?', 1)).toBe('No orders matched in Fiction.');
  });

  it('puts only the caller\'s tenant\'s values into the prompt (LLM_INCLUDE_VALUES=true)', async () => {
    const systemPromptFor = async (orgId: number): Promise<string> => {
      await ask('What did the story shelf earn?', orgId);
      return stub.requests.at(-1)?.body.messages?.find((m) => m.role === 'system')?.content ?? '';
    };
    const one = await systemPromptFor(1);
    expect(one).toContain('"Laptop"');
    for (const foreign of ['"Fiction"', '"Ottolenghi Simple"', '"Portland"', '"Camping"']) expect(one).not.toContain(foreign);
    const two = await systemPromptFor(2);
    expect(two).toContain('"Fiction"');
    expect(two).not.toContain('"Laptop"');
  });

  it('declines a reply nested 5,000 deep instead of overflowing the stack', async () => {
    const before = stub.requests.length;
    const message = await ask('How deep does it go?', 1);
    expect(message).toMatch(/could not turn this question into a query/);
    // Declined at once: nothing of it is sent back to the model in a retry.
    expect(stub.requests.length - before).toBe(1);
  });

  it.each([['How big can a reply be?', 'with'], ['How big can a streamed reply be?', 'without']])('declines a 20 MB reply (%s, %s a Content-Length) unread, without a retry', async (question) => {
    const before = { requests: stub.requests.length, replies: stub.replies.length };
    const message = await ask(question, 1);
    expect(message).toMatch(/the language model sent a reply far larger than any query plan, so it was not read\. So I will not guess a figure\.$/);
    expect(stub.requests.length - before.requests).toBe(1);
    // The client stopped reading: the stub never got to write the reply to its end.
    while (stub.replies.length === before.replies) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stub.replies.slice(before.replies)).toEqual([{ complete: false }]);
  });
});
