/** LLM output -> QueryPlan: the mapping for aggregate and list plans, and what it refuses. */
import { demoModel, testDialect } from '@askdata/core/testing';
import { validatePlan } from '@askdata/core';
import { mapLlmPlan } from '../src/map-llm-plan';
import { llmOutput, revenueMeasure } from './support/canned-openai';

const model = demoModel();
const utc = { timezone: 'UTC' };

describe('mapLlmPlan', () => {
  it('maps an aggregate plan: measures, a dimension with a grain, filters, a time range as ISO days, order and limit', () => {
    const mapped = mapLlmPlan(
      llmOutput({
        measures: [revenueMeasure, { kind: 'count', measure: null, aggregation: null, field: null }, { kind: 'aggregate', measure: null, aggregation: 'avg', field: 'orders.quantity' }],
        dimensions: [{ field: 'orders.created_at', grain: 'month' }, { field: 'products.category', grain: null }],
        filters: [
          { field: 'users.city', op: 'in', value: null, values: ['Austin', 'Boston'], high: null },
          { field: 'orders.quantity', op: 'between', value: 2, values: null, high: 5 },
          { field: 'products.title', op: 'contains', value: 'Pro', values: null, high: null },
          { field: 'orders.discount', op: 'is_null', value: null, values: null, high: null },
        ],
        timeRange: { field: 'orders.created_at', start: '2026-01-01', end: '2026-04-01', label: 'Q1 2026' },
        orderBy: [{ target: 'measure', index: 0, field: null, direction: 'desc' }],
        limit: 10,
        presentation: 'table',
      }),
      utc,
    );
    expect(mapped).toEqual({
      kind: 'plan',
      followUp: false,
      plan: {
        kind: 'aggregate',
        entity: 'orders',
        measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }, { kind: 'count' }, { kind: 'aggregate', aggregation: 'avg', field: { entity: 'orders', field: 'quantity' } }],
        dimensions: [{ field: { entity: 'orders', field: 'created_at' }, grain: 'month' }, { field: { entity: 'products', field: 'category' } }],
        filters: [
          { op: 'in', field: { entity: 'users', field: 'city' }, values: ['Austin', 'Boston'] },
          { op: 'between', field: { entity: 'orders', field: 'quantity' }, low: 2, high: 5 },
          { op: 'contains', field: { entity: 'products', field: 'title' }, value: 'Pro' },
          { op: 'is_null', field: { entity: 'orders', field: 'discount' } },
        ],
        timeRange: { field: { entity: 'orders', field: 'created_at' }, start: '2026-01-01T00:00:00.000Z', end: '2026-04-01T00:00:00.000Z', label: 'Q1 2026' },
        orderBy: [{ target: 'measure', index: 0, direction: 'desc' }],
        limit: 10,
        presentation: 'table',
      },
    });
    if (mapped.kind === 'plan') expect(() => validatePlan(mapped.plan, model, { dialect: testDialect({ median: true }) })).not.toThrow();
  });

  it('maps a list plan with fields, a filter, an open-ended period, order and limit', () => {
    const mapped = mapLlmPlan(
      llmOutput({
        kind: 'list',
        entity: 'users',
        followUp: true,
        fields: ['users.name', 'users.city'],
        filters: [{ field: 'users.city', op: 'eq', value: 'Austin', values: null, high: null }],
        timeRange: { field: 'users.created_at', start: '2025-06-01', end: null, label: 'since June 2025' },
        orderBy: [{ target: 'field', index: null, field: 'users.name', direction: 'asc' }],
        limit: 20,
      }),
      utc,
    );
    expect(mapped).toEqual({
      kind: 'plan',
      followUp: true,
      plan: {
        kind: 'list',
        entity: 'users',
        fields: [{ entity: 'users', field: 'name' }, { entity: 'users', field: 'city' }],
        filters: [{ op: 'eq', field: { entity: 'users', field: 'city' }, value: 'Austin' }],
        timeRange: { field: { entity: 'users', field: 'created_at' }, start: '2025-06-01T00:00:00.000Z', label: 'since 1 Jun 2025' },
        orderBy: [{ field: { entity: 'users', field: 'name' }, direction: 'asc' }],
        limit: 20,
        presentation: 'auto',
      },
    });
    if (mapped.kind === 'plan') expect(() => validatePlan(mapped.plan, model)).not.toThrow();
  });

  it('reads calendar days in the configured zone', () => {
    const mapped = mapLlmPlan(llmOutput({ measures: [revenueMeasure], timeRange: { field: 'orders.created_at', start: '2026-07-01', end: '2026-08-01', label: 'July' } }), { timezone: 'Europe/Berlin' });
    expect(mapped.kind === 'plan' && mapped.plan.timeRange).toMatchObject({ start: '2026-06-30T22:00:00.000Z', end: '2026-07-31T22:00:00.000Z' });
  });

  it('clamps a huge limit to the plan cap instead of passing it on', () => {
    const mapped = mapLlmPlan(llmOutput({ kind: 'list', entity: 'orders', fields: ['orders.id'], limit: 10_000_000 }), utc);
    expect(mapped.kind === 'plan' && mapped.plan.limit).toBe(1000);
    expect(mapLlmPlan(llmOutput({ kind: 'list', entity: 'orders', fields: ['orders.id'], limit: 5_000 }), { ...utc, maxLimit: 200 })).toMatchObject({ plan: { limit: 200 } });
  });

  it('reports incoherent output as issues with paths, for the retry', () => {
    const mapped = mapLlmPlan(
      llmOutput({
        measures: [{ kind: 'model_measure', measure: null, aggregation: null, field: null }],
        fields: ['orders.id'],
        filters: [{ field: 'users.city', op: 'in', value: 'Austin', values: null, high: null }],
        timeRange: { field: 'orders.created_at', start: 'last month', end: '2026-02-30', label: 'x' },
        orderBy: [{ target: 'field', index: null, field: 'orders.id', direction: 'asc' }],
        limit: 0,
      }),
      utc,
    );
    expect(mapped.kind).toBe('invalid');
    const paths = mapped.kind === 'invalid' ? mapped.issues.map((issue) => issue.path).sort() : [];
    expect(paths).toEqual(['fields', 'filters[0]', 'limit', 'measures[0]', 'orderBy[0]', 'timeRange.end', 'timeRange.start']);
  });

  it('turns cannot_answer into no plan at all', () => {
    expect(mapLlmPlan(llmOutput({ kind: 'cannot_answer', entity: null }), utc)).toEqual({ kind: 'cannot_answer' });
  });
});
