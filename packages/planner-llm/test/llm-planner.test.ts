/**
 * The LLM planner through a real ChatOpenAI (canned HTTP replies via configuration.fetch): the request it
 * sends, the plan it returns, usage and latency, and the retry that carries the validation issues.
 */
import { createValueIndex } from '@askdata/core';
import { demoValues, NOW } from '@askdata/core/testing';
import { PROMPT_VERSION } from '../src/prompts/plan-v1';
import { llmOutput, revenueMeasure } from './support/canned-openai';
import { ask, plannerWith, TEST_KEY } from './support/planner-harness';

const revenueByCategory = llmOutput({ measures: [revenueMeasure], dimensions: [{ field: 'products.category', grain: null }] });

describe('LLM planner', () => {
  it('sends the model, the key, a forced tool call with the model-built schema, and the prompt', async () => {
    const { planner, requests } = plannerWith([{ kind: 'tool_call', args: revenueByCategory }]);
    await planner.plan(ask('How much did each department earn?'));
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe('http://llm.test/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(request?.body.model).toBe('stub-model');
    expect(request?.body.tool_choice).toEqual({ type: 'function', function: { name: 'query_plan' } });
    const tools = JSON.stringify(request?.body.tools);
    expect(tools).toContain('"orders.revenue"');
    expect(tools).toContain('"products.category"');
    const [system, user] = request?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Today is 2026-11-22 (time zone UTC)');
    expect(system?.content).toContain('measure orders.revenue: "revenue" (sum); also called: sales, turnover');
    expect(system?.content).not.toMatch(/organisation_id|email|birth_date/);
    expect(user?.content).toContain('Question: "How much did each department earn?"');
  });

  it('returns the validated plan with engine llm, token usage and latency', async () => {
    const { planner, events } = plannerWith([{ kind: 'tool_call', args: revenueByCategory, usage: { prompt: 1200, completion: 80 } }]);
    const outcome = await planner.plan(ask('How much did each department earn?'));
    expect(outcome).toMatchObject({
      kind: 'plan',
      engine: 'llm',
      followUp: false,
      usage: { inputTokens: 1200, outputTokens: 80, totalTokens: 1280 },
      plan: { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }], dimensions: [{ field: { entity: 'products', field: 'category' } }] },
    });
    expect(outcome.llmLatencyMs).toEqual(expect.any(Number));
    expect(events).toEqual([expect.objectContaining({ attempt: 1, result: 'plan', promptVersion: PROMPT_VERSION })]);
  });

  it('re-asks with the validation issues of an invalid plan, then uses the corrected plan; usage adds up', async () => {
    // Valid against the schema (every name exists), invalid against the model: a text field cannot be summed.
    const invalid = llmOutput({ measures: [{ kind: 'aggregate', measure: null, aggregation: 'sum', field: 'products.category' }] });
    const { planner, requests } = plannerWith([
      { kind: 'tool_call', args: invalid, usage: { prompt: 100, completion: 10 } },
      { kind: 'tool_call', args: revenueByCategory, usage: { prompt: 150, completion: 12 } },
    ]);
    const outcome = await planner.plan(ask('How much did each department earn?'));
    expect(outcome.kind).toBe('plan');
    expect(outcome.usage).toEqual({ inputTokens: 250, outputTokens: 22, totalTokens: 272 });
    expect(requests).toHaveLength(2);
    const retry = requests[1]?.body.messages.at(-1);
    expect(retry?.role).toBe('user');
    expect(retry?.content).toContain('Your previous plan was rejected');
    expect(retry?.content).toContain('measures[0]');
    expect(retry?.content).toMatch(/products\.category|category/);
    expect(retry?.content).toContain(JSON.stringify(invalid));
    // Only the latest rejection is sent back: the retry is the original prompt plus one message.
    expect(requests[1]?.body.messages).toHaveLength(3);
  });

  it('re-asks with the schema issues when the reply names something outside the model', async () => {
    const { planner, requests } = plannerWith([
      { kind: 'tool_call', args: llmOutput({ entity: 'invoices', measures: [revenueMeasure] }) },
      { kind: 'tool_call', args: revenueByCategory },
    ]);
    expect((await planner.plan(ask('revenue per department'))).kind).toBe('plan');
    const retry = requests[1]?.body.messages.at(-1)?.content ?? '';
    expect(retry).toContain('- entity: Invalid option');
    expect(retry).toContain('"invoices"');
  });

  it('declines honestly once the retries are spent: 1 + maxRetries calls, no more', async () => {
    const invalid = llmOutput({ measures: [] });
    const { planner, requests, events } = plannerWith([{ kind: 'tool_call', args: invalid, usage: { prompt: 10, completion: 1 } }], { maxRetries: 2 });
    const outcome = await planner.plan(ask('How much did each department earn?'));
    expect(requests).toHaveLength(3);
    expect(events.map((e) => e.result)).toEqual(['invalid', 'invalid', 'invalid']);
    expect(outcome).toMatchObject({ kind: 'decline', engine: 'llm', usage: { totalTokens: 33 } });
    expect(outcome.kind === 'decline' && outcome.message).toBe('I could not turn this question into a query I can check against the Demo shop data. So I will not guess a figure.');
  });

  it('declines without retrying when the model says the question cannot be answered', async () => {
    const { planner, requests } = plannerWith([{ kind: 'tool_call', args: llmOutput({ kind: 'cannot_answer', entity: null }) }]);
    const outcome = await planner.plan(ask('What will the weather be tomorrow?'));
    expect(requests).toHaveLength(1);
    expect(outcome.kind === 'decline' && outcome.message).toBe('I could not relate this question to the Demo shop data. So I will not guess a figure.');
  });

  it('works with the jsonSchema method too (response_format, strict)', async () => {
    const { planner, requests } = plannerWith([{ kind: 'content', content: JSON.stringify(revenueByCategory) }], { method: 'jsonSchema' });
    const outcome = await planner.plan(ask('How much did each department earn?'));
    expect(outcome.kind).toBe('plan');
    expect(requests[0]?.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'query_plan', strict: true } });
    expect(requests[0]?.body.tools).toBeUndefined();
  });

  it('re-asks with the issues under jsonSchema as well', async () => {
    const { planner, requests } = plannerWith(
      [{ kind: 'content', content: JSON.stringify(llmOutput({ entity: 'invoices' })) }, { kind: 'content', content: JSON.stringify(revenueByCategory) }],
      { method: 'jsonSchema' },
    );
    expect((await planner.plan(ask('revenue per department'))).kind).toBe('plan');
    expect(requests[1]?.body.messages.at(-1)?.content).toContain('- entity: Invalid option');
  });

  it('shows the conversation so far and marks a follow-up', async () => {
    const previous = { question: 'revenue by category', plan: { kind: 'aggregate' as const, entity: 'orders', measures: [{ kind: 'model' as const, entity: 'orders', measure: 'revenue' }], dimensions: [], filters: [], having: [], orderBy: [], ties: false, presentation: 'auto' as const } };
    const { planner, requests } = plannerWith([{ kind: 'tool_call', args: { ...revenueByCategory, followUp: true } }]);
    const outcome = await planner.plan(ask('and only for the shops in Austin, roughly?', { history: [previous] }));
    expect(outcome.kind === 'plan' && outcome.followUp).toBe(true);
    const user = requests[0]?.body.messages[1]?.content ?? '';
    expect(user).toContain('1. Question: "revenue by category"');
    expect(user).toContain('"measure":"revenue"');
  });

  it('adds sample category values only when asked to', async () => {
    const valueIndex = createValueIndex(demoValues);
    const off = plannerWith([{ kind: 'tool_call', args: revenueByCategory }], { valueIndex });
    const on = plannerWith([{ kind: 'tool_call', args: revenueByCategory }], { valueIndex, includeValues: true });
    await off.planner.plan(ask('q', { now: NOW }));
    await on.planner.plan(ask('q', { now: NOW }));
    expect(off.requests[0]?.body.messages[0]?.content).not.toContain('"Laptop"');
    expect(on.requests[0]?.body.messages[0]?.content).toContain('products.category: "Accessories"');
  });
});

