/**
 * Scoping that prunes, proven from PostgreSQL's own plan: for tenants on either shard, EXPLAIN of what
 * askdata runs (the compiled query for the tenant, with its parameters) reads only foreign partitions on
 * the tenant's shard, for every form of question: an aggregate, a breakdown joined to a dimension, a top-N,
 * a related (EXISTS-like) filter and every "say more" form. And the check can fail: the same questions
 * compiled without the tenant predicate read every shard.
 */
import { compileQuery, loadModelFile, resolveTenantScope, scopePlan, validatePlan, type QueryPlanInput } from '@askdata/core';
import { sayMorePlans } from '@askdata/conformance';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { explainOnCoordinator, pruningProblems, scannedPartitions } from '../../../../test-support/postgres-partition-pruning';
import { createShardedDemoWarehouseOnPostgres, SHARDED_FACT_TABLES, type ShardedWarehouse } from '../../../../test-support/sharded-demo-warehouse-on-postgres';
import { postgresHooks } from '../../src/index';

const model = loadModelFile(DEMO_MODEL_PATH);
const orders = (field: string) => ({ entity: 'orders', field });
const products = (field: string) => ({ entity: 'products', field });
const users = (field: string) => ({ entity: 'users', field });
const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' } as const;

const questions: Array<[string, QueryPlanInput]> = [
  ['an aggregate: number of orders and revenue', { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }, revenue] }],
  ['an aggregate of reviews: average rating', { kind: 'aggregate', entity: 'reviews', measures: [{ kind: 'aggregate', aggregation: 'avg', field: { entity: 'reviews', field: 'rating' } }] }],
  ['a breakdown joined to a dimension: revenue by category', { kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: products('category') }] }],
  ['a breakdown by month', { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: orders('created_at'), grain: 'month' }] }],
  ['a top-N: the five products with the most revenue', { kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: products('title') }], orderBy: [{ target: 'measure', index: 0, direction: 'desc' }], limit: 5 }],
  ['a top-N list: the ten largest orders', { kind: 'list', entity: 'orders', fields: [orders('id'), orders('subtotal')], orderBy: [{ field: orders('subtotal'), direction: 'desc' }], limit: 10 }],
  [
    'a related filter: customers with a review of 1 star',
    { kind: 'list', entity: 'users', fields: [users('id')], filters: [{ op: 'related', field: users('id'), entity: 'reviews', via: 'user_id', where: [{ op: 'eq', field: { entity: 'reviews', field: 'rating' }, value: 1 }], count: { op: 'gt', value: 0 } }] },
  ],
  ...sayMorePlans.map((form): [string, QueryPlanInput] => [`say more, ${form.name}`, form.plan]),
];

function compiledFor(input: QueryPlanInput, tenant: number, unsafe = false) {
  const scoped = scopePlan(validatePlan(input, model, { dialect: postgresHooks }), model, resolveTenantScope(model, { orgId: tenant }));
  return compileQuery(scoped, model, postgresHooks, { maxRows: 1000, ...(unsafe ? { unsafeSkipTenantPredicateForTests: true } : {}) });
}

/** The sharded tables a compiled query reads (its FROM and JOIN clauses, subqueries included). */
const factTablesIn = (sql: string): string[] => SHARDED_FACT_TABLES.filter((table) => new RegExp(`(from|join) "${table}"`).test(sql));

let warehouse: ShardedWarehouse;
beforeAll(async () => {
  warehouse = await createShardedDemoWarehouseOnPostgres('pruning', { scale: 0.02 });
}, 120_000);
afterAll(async () => {
  await warehouse?.drop();
});

const TENANTS = [1, 2, 3];

test('the tenants asked about live on both shards', () => {
  expect(new Set(TENANTS.map((tenant) => warehouse.shardOf(tenant)))).toEqual(new Set(['shard_1', 'shard_2']));
});

describe.each(questions)('%s', (_name, input) => {
  it.each(TENANTS)('as tenant %i reads only the partitions on the tenant\'s shard', async (tenant) => {
    const compiled = compiledFor(input, tenant);
    const explained = await explainOnCoordinator(warehouse.coordinator.url, compiled);
    expect(pruningProblems(explained, warehouse.shardOf(tenant), factTablesIn(compiled.sql))).toEqual([]);
  });
});

describe('without the tenant predicate', () => {
  const facts = questions.filter(([, input]) => factTablesIn(compiledFor(input, 1).sql).length > 0);

  it('leaves the fact tables in most questions (so the check below is not vacuous)', () => {
    expect(facts.length).toBeGreaterThan(10);
  });

  it.each(facts)('%s: the pruning check fails, every shard is read', async (_name, input) => {
    const compiled = compiledFor(input, 2, true);
    expect(compiled.sql).not.toContain('organisation_id');
    const explained = await explainOnCoordinator(warehouse.coordinator.url, compiled);
    expect(pruningProblems(explained, 'shard_2', factTablesIn(compiled.sql))).toEqual(expect.arrayContaining([expect.stringMatching(/ on shard_1, not only shard_2$/)]));
    expect(new Set(scannedPartitions(explained).map((p) => p.server))).toEqual(new Set(['shard_1', 'shard_2']));
  });
});
