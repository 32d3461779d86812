/**
 * NL_ENGINE=hybrid end to end through POST /api/v1/conversations/answer, with the real @langchain/openai
 * client talking to an OpenAI-compatible stub on 127.0.0.1: the wire (auth, model, schema), a question the
 * rules engine declines answered by the LLM's plan and scoped to the caller's tenant, what is stored, a
 * hostile value that stays a parameter, and the same app with the provider down.
 */
import { createRulesPlanner, type PlannerInput } from '@askdata/core';
import { PROMPT_VERSION } from '@askdata/planner-llm';
import { envKeyPrincipal } from '@askdata/db';
import Database from 'better-sqlite3';
import request from 'supertest';
import { countPipelineEvents } from '../../../../test-support/pipeline-events';
import { auth, ENV_KEY } from '../support/test-app';
import { TEST_NOW, testWarehousePath, type StoreKind } from '../support/test-deps';
import { createLlmTestApp, LLM_KEY, type LlmTestApp } from './llm-app';
import { freePort, startOpenAiStub, STUB_USAGE, type OpenAiStub } from './openai-stub';

const ANSWER_PATH = '/api/v1/conversations/answer';
/** Declined by the rules engine (checked below), answered by the stub's plan. */
const LLM_QUESTION = 'How many multi-unit baskets have we had?';
const INJECTION = "Gaming' OR 1=1 OR organisation_id = 2 --";
/** The injection is the caller's own text, so the model may use it as a value (grounded-values.ts). */
const INJECTION_QUESTION = `How many orders of the category ${INJECTION}?`;

const orderCount = (filters: unknown[]) => ({
  kind: 'aggregate', entity: 'orders', followUp: false,
  measures: [{ kind: 'model_measure', measure: 'orders.order_count', aggregation: null, field: null }],
  dimensions: [], fields: [], filters, timeRange: null, orderBy: [], limit: null, presentation: 'auto',
});

function planFor(question: string): unknown {
  if (question === LLM_QUESTION) return orderCount([{ field: 'orders.quantity', op: 'gte', value: 2, values: null, high: null }]);
  if (question === INJECTION_QUESTION) return orderCount([{ field: 'products.category', op: 'eq', value: INJECTION, values: null, high: null }]);
  return undefined;
}

function directMultiUnitCount(orgId: number): number {
  const db = new Database(testWarehousePath(), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM orders WHERE organisation_id = ? AND quantity >= 2').get(orgId) as { n: number }).n;
  } finally {
    db.close();
  }
}

const owner = (orgId: number) => ({ apiKeyId: null, principal: envKeyPrincipal(ENV_KEY), tenantKey: JSON.stringify({ orgId }) });

describe.each<StoreKind>(['sqlite', 'postgres'])('NL_ENGINE=hybrid with an OpenAI-compatible stub, on a %s store', (storeKind) => {
  let stub: OpenAiStub;
  let t: LlmTestApp;
  beforeAll(async () => {
    stub = await startOpenAiStub(planFor);
    t = await createLlmTestApp({ storeKind, llmBaseUrl: stub.baseUrl });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });
  const ask = (question: string, orgId: number) => request(t.app).post(ANSWER_PATH).set(...auth(ENV_KEY)).send({ question, context: { orgId } });

  it('precondition: the rules engine declines the LLM question', () => {
    const rules = createRulesPlanner({ model: t.runtime.answerDeps.model });
    const input: PlannerInput = { question: LLM_QUESTION, history: [], now: TEST_NOW, timezone: 'UTC' };
    expect(rules.planSync(input).kind).toBe('decline');
  });

  it('answers a rules-engine question without calling the LLM', async () => {
    const before = stub.requests.length;
    const res = await ask('How many orders are there?', 1);
    expect(res.status).toBe(200);
    expect(stub.requests.length).toBe(before);
  });

  it('answers a question the rules engine declines with the LLM plan, scoped to the caller\'s tenant', async () => {
    const one = await ask(LLM_QUESTION, 1);
    const two = await ask(LLM_QUESTION, 2);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(directMultiUnitCount(1)).not.toBe(directMultiUnitCount(2));
    expect(one.body.message).toContain(directMultiUnitCount(1).toLocaleString('en-US'));
    expect(two.body.message).toContain(directMultiUnitCount(2).toLocaleString('en-US'));
  });

  it('sends the wire the provider expects: bearer key, model name, and a tool schema of the model\'s names', async () => {
    await ask(LLM_QUESTION, 1);
    const last = stub.requests.at(-1);
    expect(last?.headers.authorization).toBe(`Bearer ${LLM_KEY}`);
    expect(last?.body.model).toBe('stub-planner-7b');
    expect(last?.body.tool_choice).toEqual({ type: 'function', function: { name: 'query_plan' } });
    const schema = JSON.stringify(last?.body.tools?.[0]?.function.parameters);
    for (const name of ['"orders"', '"products"', '"orders.quantity"', '"products.category"', '"orders.order_count"']) expect(schema).toContain(name);
    for (const hidden of ['organisation_id', 'users.email']) expect(schema).not.toContain(hidden);
    expect(JSON.stringify(last?.body.messages)).not.toContain('organisation_id');
  });

  it('validates the LLM\'s plan once: the planner validated it (to retry), so the pipeline does not again', async () => {
    const { result, counts } = await countPipelineEvents(() => ask(LLM_QUESTION, 1).then((res) => res));
    expect(result.status).toBe(200);
    expect(counts).toEqual({ tenantScopes: 1, planValidations: 1 });
  });

  it('stores the answer with engine llm, token usage and LLM latency', async () => {
    const res = await ask(LLM_QUESTION, 1);
    const stored = await t.runtime.store.answers.findOwned(res.body.id as string, owner(1));
    expect(stored).toMatchObject({ engine: 'llm', question: LLM_QUESTION });
    expect(stored?.meta.usage).toEqual({ inputTokens: STUB_USAGE.prompt_tokens, outputTokens: STUB_USAGE.completion_tokens, totalTokens: STUB_USAGE.total_tokens });
    expect(stored?.timings.llmLatencyMs).toEqual(expect.any(Number));
    expect(stored?.meta.promptVersion).toBe(PROMPT_VERSION);
    expect(stored?.sql).toContain('organisation_id');
  });

  it('keeps SQL text from the model a bound parameter: no other tenant\'s rows come back', async () => {
    const res = await ask(INJECTION_QUESTION, 1);
    expect(res.status).toBe(200);
    const stored = await t.runtime.store.answers.findOwned(res.body.id as string, owner(1));
    expect(stored?.engine).toBe('llm');
    expect(stored?.sql).not.toContain(INJECTION);
    expect(stored?.sqlParameters).toEqual(expect.arrayContaining([INJECTION, 1]));
    expect(stored?.sqlParameters).not.toContain(2);
    expect(stored?.meta.rowCount).toBe(1);
    // No category has that name, so the count is zero: not org 1's orders, not everyone's.
    expect(res.body.message).toMatch(/^There were no orders/);
  });

  it('never logs the LLM API key', () => {
    expect(t.logLines.join('\n')).not.toContain(LLM_KEY);
  });
});

describe('NL_ENGINE=hybrid with the provider down', () => {
  let t: LlmTestApp;
  beforeAll(async () => {
    t = await createLlmTestApp({ storeKind: 'sqlite', llmBaseUrl: `http://127.0.0.1:${await freePort()}/v1` });
  });
  afterAll(() => t.close());
  const ask = (question: string) => request(t.app).post(ANSWER_PATH).set(...auth(ENV_KEY)).send({ question, context: { orgId: 1 } });

  it('still answers rules-engine questions', async () => {
    const res = await ask('How many orders are there?');
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('text');
    expect(res.body.message).toMatch(/\d/);
  });

  it('answers an LLM-needing question with an honest text (200), never a 500, and records the attempt', async () => {
    const res = await ask(LLM_QUESTION);
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('text');
    expect(res.body.message).toContain('not available right now');
    const stored = await t.runtime.store.answers.findOwned(res.body.id as string, owner(1));
    expect(stored).toMatchObject({ engine: 'llm', sql: null, plan: null });
    expect(stored?.timings.llmLatencyMs).toEqual(expect.any(Number));
    expect(t.logLines.join('\n')).not.toContain(LLM_KEY);
  });
});
