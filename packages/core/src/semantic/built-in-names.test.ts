/**
 * Issue 25, items 3 and 4: names of JavaScript built-ins ("constructor", "__proto__", "toString", …) fed
 * through every entry point that takes a model name. A plain object answers them from Object.prototype, so
 * they used to pass for an entity, a field or a measure (a 201 for "orders.constructor", then a 500 on every
 * answer). Each entry point must refuse them as names the model does not declare, without throwing
 * anything but its own refusal, on the model as loaded from its file (records without a prototype) and on
 * a copy whose records are plain objects (so the lookups themselves are proven own-only); and a model that
 * does declare such a name must be able to use it.
 */
import fc from 'fast-check';
import { demoModel, demoModelFixture } from '../../test/support';
import { isCoreError } from '../errors/core-error';
import { createRulesPlanner } from '../nl/rules-planner';
import { modelPlanSchema } from '../plan/model-plan-schema';
import { queryPlanSchema } from '../plan/query-plan';
import { validatePlan } from '../plan/validate-plan';
import { resolveMeaning } from '../teach/meaning';
import { planTextValues } from '../teach/plan-text-values';
import { teachModel } from '../teach/taught-model';
import { findEntity, findField, findMeasure, getEntity, getField } from './model-lookup';
import { parseModelText } from './load-model-file';
import type { SemanticModel } from './semantic-model';

/** Every property a plain object inherits, and the ones a function found that way would add. */
const BUILT_IN_NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype', 'length', 'call', 'apply', 'bind', 'caller', 'arguments'])];
const builtInName = fc.constantFrom(...BUILT_IN_NAMES);

/** The demo model from its file, the hand-built fixture, and a JSON copy: plain objects with Object.prototype. */
const models: Array<[string, SemanticModel]> = [
  ['the model file', demoModel()],
  ['the hand-built fixture', demoModelFixture()],
  ['a plain-object copy', JSON.parse(JSON.stringify(demoModel())) as SemanticModel],
];

const orders = (field: string) => ({ entity: 'orders', field });
const range = (field: { entity: string; field: string }) => ({ field, start: '2026-01-01', end: '2026-02-01', label: 'January 2026' });

/** Every place a plan names an entity, a field or a measure, each filled with `name`. */
const PLAN_SLOTS: Record<string, (name: string) => unknown> = {
  'plan entity': (n) => ({ kind: 'list', entity: n, fields: [orders('id')] }),
  'list field': (n) => ({ kind: 'list', entity: 'orders', fields: [orders(n)] }),
  'list field entity': (n) => ({ kind: 'list', entity: 'orders', fields: [{ entity: n, field: 'id' }] }),
  'list order field': (n) => ({ kind: 'list', entity: 'orders', fields: [orders('id')], orderBy: [{ field: orders(n), direction: 'asc' }] }),
  'model measure': (n) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: n }] }),
  'model measure entity': (n) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: n, measure: 'revenue' }] }),
  'aggregated field': (n) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'aggregate', aggregation: 'sum', field: orders(n) }] }),
  'ratio denominator': (n) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'ratio', numerator: { kind: 'count' }, denominator: { kind: 'model', entity: 'orders', measure: n } }] }),
  'share condition': (n) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'share', of: { kind: 'count' }, where: [{ op: 'eq', field: orders(n), value: 'x' }] }] }),
  dimension: (n) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: orders(n) }] }),
  'dimension entity': (n) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: { entity: n, field: 'category' } }] }),
  filter: (n) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], filters: [{ op: 'eq', field: orders(n), value: 'x' }] }),
  'related entity': (n) => ({ kind: 'list', entity: 'users', fields: [{ entity: 'users', field: 'name' }], filters: [{ op: 'related', field: { entity: 'users', field: 'id' }, entity: n, via: 'user_id', count: { op: 'gt', value: 0 } }] }),
  'related via': (n) => ({ kind: 'list', entity: 'users', fields: [{ entity: 'users', field: 'name' }], filters: [{ op: 'related', field: { entity: 'users', field: 'id' }, entity: 'orders', via: n, count: { op: 'gt', value: 0 } }] }),
  'related condition': (n) => ({
    kind: 'list',
    entity: 'users',
    fields: [{ entity: 'users', field: 'name' }],
    filters: [{ op: 'related', field: { entity: 'users', field: 'id' }, entity: 'orders', via: 'user_id', where: [{ op: 'eq', field: { entity: 'products', field: n }, value: 'x' }], count: { op: 'gt', value: 0 } }],
  }),
  'time range': (n) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], timeRange: range(orders(n)) }),
  'compared period': (n) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], comparePeriods: [range(orders('created_at')), range(orders(n))] }),
  'average over': (n) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], averageOver: orders(n) }),
};
const planSlot = fc.constantFrom(...Object.keys(PLAN_SLOTS));

/** What a refusal looks like: core's own error, never a TypeError from reading a function as a field. */
function refusalOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isCoreError(error)) return error.code;
    throw error;
  }
  return 'accepted';
}

describe.each(models)('built-in names on %s', (_, model) => {
  it('are no entity, field or measure to the model lookups', () => {
    fc.assert(
      fc.property(builtInName, (name) => {
        expect(findEntity(model, name)).toBeUndefined();
        expect(findField(model, { entity: 'orders', field: name })).toBeUndefined();
        expect(findField(model, { entity: name, field: 'id' })).toBeUndefined();
        expect(findMeasure(model, 'orders', name)).toBeUndefined();
        expect(findMeasure(model, name, 'revenue')).toBeUndefined();
        expect(refusalOf(() => getEntity(model, name))).toBe('PLAN_INVALID');
        expect(refusalOf(() => getField(model, { entity: 'orders', field: name }))).toBe('PLAN_INVALID');
      }),
    );
  });

  it('are refused as the meaning of a taught word, in every form a meaning takes', () => {
    fc.assert(
      fc.property(builtInName, fc.constantFrom('orders', 'users', 'products'), (name, entity) => {
        for (const means of [name, `${entity}.${name}`, `${name}.${entity}`, `${name}.x`, { field: `${entity}.${name}`, value: 'Laptop' }, { field: `${name}.title`, value: 'Laptop' }]) {
          const resolved = resolveMeaning(model, means);
          expect(resolved).toMatchObject({ ok: false, problem: expect.stringMatching(/has no|no entity|not an entity/) });
        }
      }),
    );
  });

  it('leave a taught model as it was when an entry naming one reaches it (a store written before the check)', () => {
    fc.assert(
      fc.property(builtInName, fc.constantFrom('entity', 'field', 'measure'), (name, kind) => {
        const meaning =
          kind === 'entity' ? { kind, entity: name } : kind === 'field' ? { kind, entity: 'orders', field: name } : { kind, entity: 'orders', measure: name };
        const taught = teachModel(model, [{ term: 'zzword', meaning } as Parameters<typeof teachModel>[1][number]]);
        expect(Object.keys(taught.entities)).toEqual(Object.keys(model.entities));
        expect(findEntity(taught, name)).toBeUndefined();
        expect(findField(taught, { entity: 'orders', field: name })).toBeUndefined();
        expect(findMeasure(taught, 'orders', name)).toBeUndefined();
      }),
    );
  });

  it('are refused by plan validation wherever a plan names something, as an invalid plan', () => {
    fc.assert(
      fc.property(builtInName, planSlot, (name, slot) => {
        expect(refusalOf(() => validatePlan(PLAN_SLOTS[slot]!(name), model))).toBe('PLAN_INVALID');
      }),
    );
  });

  it('are outside the plan schema built from the model, which takes its names as enums', () => {
    fc.assert(
      fc.property(builtInName, planSlot, (name, slot) => {
        expect(modelPlanSchema(model).safeParse(PLAN_SLOTS[slot]!(name)).success).toBe(false);
      }),
    );
  });

  it('do not break the walk for text values, whatever a stored plan names', () => {
    fc.assert(
      fc.property(builtInName, planSlot, (name, slot) => {
        // The plan's shape with any identifier, as a plan read back from the store before any model check.
        const plan = queryPlanSchema.parse(PLAN_SLOTS[slot]!(name));
        expect(planTextValues(plan, model)).toEqual(slot === 'filter' || slot === 'share condition' || slot === 'related condition' ? [] : expect.any(Array));
      }),
    );
  });
});

describe('built-in names in questions', () => {
  it('are words like any other to the rules planner: never an error', async () => {
    const planner = createRulesPlanner({ model: demoModel() });
    const words = fc.constantFrom('revenue', 'by', 'orders', 'category', 'customers', 'with', 'of', 'top', '5', 'last', 'month');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(builtInName, builtInName.map((n) => n.toLowerCase()), words), { minLength: 1, maxLength: 6 }), async (tokens) => {
        const outcome = await planner.plan({ question: tokens.join(' '), history: [], now: new Date('2026-03-15T12:00:00Z'), timezone: 'UTC' });
        expect(['plan', 'decline', 'clarify']).toContain(outcome.kind);
      }),
      { numRuns: 200 },
    );
  });
});

describe('a model that declares names a plain object also has', () => {
  const model = parseModelText(
    `
name: built-ins
currency: USD
tenancy: none
entities:
  constructor:
    table: parts
    fields:
      id: { type: integer }
      toString: { type: string }
      valueOf: { type: number }
    measures:
      hasOwnProperty: { aggregation: sum, expression: valueOf }
`,
    'built-ins.yaml',
  );

  it('resolves and plans them as its own', () => {
    expect(resolveMeaning(model, 'constructor')).toEqual({ ok: true, meaning: { kind: 'entity', entity: 'constructor' } });
    expect(resolveMeaning(model, 'constructor.toString')).toEqual({ ok: true, meaning: { kind: 'field', entity: 'constructor', field: 'toString' } });
    expect(resolveMeaning(model, 'constructor.hasOwnProperty')).toEqual({ ok: true, meaning: { kind: 'measure', entity: 'constructor', measure: 'hasOwnProperty' } });
    const plan = validatePlan({ kind: 'aggregate', entity: 'constructor', measures: [{ kind: 'model', entity: 'constructor', measure: 'hasOwnProperty' }], dimensions: [{ field: { entity: 'constructor', field: 'toString' } }] }, model);
    expect(plan.entity).toBe('constructor');
    // Still only its own: what it does not declare stays refused.
    expect(resolveMeaning(model, 'constructor.isPrototypeOf')).toMatchObject({ ok: false });
    expect(refusalOf(() => validatePlan({ kind: 'list', entity: 'constructor', fields: [{ entity: 'constructor', field: 'isPrototypeOf' }] }, model))).toBe('PLAN_INVALID');
  });
});
