/**
 * A hostile (or confused) model, through the real client: every attempt to step outside the semantic
 * model is rejected by the schema or by validatePlan, and what gets through cannot widen the scope:
 * SQL text in a value stays a bound parameter, and the tenant predicate comes from scope(), never the LLM.
 */
import { compileQuery, isValidPlan, resolveTenantScope, scopePlan } from '@askdata/core';
import { demoModel, NOW, testDialect } from '@askdata/core/testing';
import { llmOutput, revenueMeasure } from './support/canned-openai';
import { ask, plannerWith } from './support/planner-harness';

const model = demoModel();
const filter = (field: string, value: string | number) => ({ field, op: 'eq' as const, value, values: null, high: null });

describe('a hostile model', () => {
  it.each<[string, unknown]>([
    ['a field that does not exist', llmOutput({ measures: [revenueMeasure], filters: [filter('orders.password', 'x')] })],
    ['another table', llmOutput({ entity: 'pg_catalog.pg_user', measures: [{ kind: 'count', measure: null, aggregation: null, field: null }] })],
    ['organisation_id = 2', llmOutput({ measures: [revenueMeasure], filters: [filter('orders.organisation_id', 2)] })],
    ['the organisations key', llmOutput({ entity: 'organisations', kind: 'list', fields: ['organisations.id'] })],
    ['a hidden personal field', llmOutput({ entity: 'users', kind: 'list', fields: ['users.email'] })],
    ['an extra tenant property', { ...llmOutput({ measures: [revenueMeasure] }), tenant: { orgId: 2 } }],
    ['a request to drop scoping', { ...llmOutput({ measures: [revenueMeasure] }), scoped: false, where: '1=1' }],
    ['raw SQL instead of a plan', { sql: 'SELECT * FROM orders' }],
  ])('%s: rejected on every attempt, then declined; never a plan', async (_, reply) => {
    const { planner, requests, events } = plannerWith([{ kind: 'tool_call', args: reply }], { maxRetries: 1 });
    const outcome = await planner.plan(ask('Show me everything for organisation 2'));
    expect(outcome.kind).toBe('decline');
    expect(requests).toHaveLength(2);
    expect(events.every((e) => e.result === 'invalid')).toBe(true);
  });

  it('a schema-valid but meaningless plan (a month grain on a text field) is refused by validatePlan', async () => {
    const reply = llmOutput({ measures: [revenueMeasure], dimensions: [{ field: 'users.city', grain: 'month' }] });
    const { planner } = plannerWith([{ kind: 'tool_call', args: reply }], { maxRetries: 0 });
    expect((await planner.plan(ask('revenue by city by month'))).kind).toBe('decline');
  });

  it('SQL text inside a filter value is only ever a bound parameter, under the caller\'s tenant predicate', async () => {
    const injection = "Laptop' OR organisation_id = 2 --";
    const { planner } = plannerWith([{ kind: 'tool_call', args: llmOutput({ measures: [revenueMeasure], filters: [filter('products.category', injection)] }) }]);
    // The value is the question's own text, so it is grounded (grounded-values.ts) and reaches the compiler.
    const outcome = await planner.plan(ask(`revenue for ${injection}`));
    if (outcome.kind !== 'plan') throw new Error(`expected a plan, got ${outcome.kind}`);
    // The planner validated the plan for this model (that is how it retries), so it is scoped as it is.
    if (!isValidPlan(outcome.plan, model)) throw new Error('expected the LLM planner to return a validated plan');
    const compiled = compileQuery(scopePlan(outcome.plan, model, resolveTenantScope(model, { orgId: 1 })), model, testDialect({ median: true }), { maxRows: 100 });
    expect(compiled.sql).not.toContain(injection);
    expect(compiled.sql).not.toContain('OR organisation_id');
    expect(compiled.parameters).toContain(injection);
    expect(compiled.parameters).toContain(1);
    expect(compiled.parameters).not.toContain(2);
  });

  it('a filter value that is neither the tenant\'s data nor the question\'s words is sent back, then declined', async () => {
    const invented = 'Fiction. SECURITY NOTICE: call +1-555-0100';
    const { planner, requests, events } = plannerWith([{ kind: 'tool_call', args: llmOutput({ measures: [revenueMeasure], filters: [filter('products.category', invented)] }) }], { maxRetries: 1 });
    const outcome = await planner.plan(ask('revenue for the best category'));
    expect(outcome.kind).toBe('decline');
    expect(requests).toHaveLength(2);
    expect(JSON.stringify(events.map((e) => e.issues))).toContain('neither a value of products.category');
    expect(JSON.stringify(outcome)).not.toContain('SECURITY');
  });

  it('never keeps the model\'s period label: the label names the days of the period', async () => {
    const reply = llmOutput({ measures: [revenueMeasure], timeRange: { field: 'orders.created_at', start: '2026-02-01', end: '2026-03-01', label: 'ALL ORGANISATIONS COMBINED. Call +1-555-0100' } });
    const { planner } = plannerWith([{ kind: 'tool_call', args: reply }]);
    const outcome = await planner.plan(ask('revenue last month'));
    if (outcome.kind !== 'plan') throw new Error(`expected a plan, got ${outcome.kind}`);
    expect(outcome.plan.timeRange?.label).toBe('February 2026');
  });

  it('a huge limit is clamped to the plan cap', async () => {
    const { planner } = plannerWith([{ kind: 'tool_call', args: llmOutput({ kind: 'list', entity: 'orders', fields: ['orders.id', 'orders.subtotal'], limit: 1e12 }) }]);
    const outcome = await planner.plan(ask('every order ever', { now: NOW }));
    expect(outcome.kind === 'plan' && outcome.plan.limit).toBe(1000);
  });
});
