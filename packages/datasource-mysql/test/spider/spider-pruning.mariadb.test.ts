/**
 * Scoping that prunes, proven from MariaDB's own plan and from the backends' logs: askdata's compiled query
 * for a tenant, with its parameters, reads the Spider partition of the tenant's backend alone (EXPLAIN
 * FORMAT=JSON), and while askdata's data source runs it only that backend receives a read (general log).
 * Every golden and "say more" plan that reads a sharded table is checked, for tenants on either backend.
 * The same check must FAIL on the same plans compiled without the tenant predicate.
 */
import { compileQuery, resolveTenantScope, scopePlan, validatePlan, type CompiledQuery, type QueryPlanInput } from '@askdata/core';
import { demoModelFixture } from '@askdata/core/testing';
import { goldenPlans, onDemoWarehouse, sayMorePlans } from '@askdata/conformance';
import { assertPrunedTo, shardsTouched } from '../../../../test-support/spider-pruning';
import { spiderUnderTest, spiderWarehouseAt } from './spider-under-test';

const warehouse = onDemoWarehouse(spiderUnderTest, 'spider_pruning');
const model = demoModelFixture();
const limits = { timeoutMs: 10_000, maxRows: 1000 };

function compiled(input: QueryPlanInput, orgId: number, withoutTenantPredicate = false): CompiledQuery {
  const plan = scopePlan(validatePlan(input, model), model, resolveTenantScope(model, { orgId }));
  return compileQuery(plan, model, spiderUnderTest.hooks, { maxRows: limits.maxRows, ...(withoutTenantPredicate ? { unsafeSkipTenantPredicateForTests: true } : {}) });
}

const readsShardedTable = (input: QueryPlanInput): boolean => /`(orders|reviews)`/.test(compiled(input, 1).sql);
const plans = [...Object.entries(goldenPlans), ...sayMorePlans.map((form): [string, QueryPlanInput] => [form.name, form.plan])].filter(([, plan]) => readsShardedTable(plan));
// Tenants 1 and 3 live on the first backend, 2 on the second.
const TENANTS = [1, 2];

async function touchedBy(query: CompiledQuery) {
  const { url, shards } = spiderWarehouseAt(warehouse.location());
  return shardsTouched(url, shards, query, () => warehouse.dataSource().execute(query, limits));
}

describe('MariaDB Spider: a tenant\'s query reads its own backend alone', () => {
  it('checks enough plans, over both backends', () => {
    expect(plans.length).toBeGreaterThanOrEqual(20);
    const { shardOf } = spiderWarehouseAt(warehouse.location());
    expect(new Set(TENANTS.map((tenant) => shardOf(tenant).server)).size).toBe(2);
  });

  const ownBackendRead = new Map<number, number>();
  describe.each(TENANTS)('tenant %i', (tenant) => {
    it.each(plans)('%s', async (_name, plan) => {
      const touched = await touchedBy(compiled(plan, tenant));
      const own = spiderWarehouseAt(warehouse.location()).shardOf(tenant);
      assertPrunedTo(touched, own);
      if (touched.contacted.includes(own.server)) ownBackendRead.set(tenant, (ownBackendRead.get(tenant) ?? 0) + 1);
    });
  });

  it("saw the tenant's own backend answer most plans (the logs are read, not empty)", () => {
    for (const tenant of TENANTS) expect(ownBackendRead.get(tenant) ?? 0).toBeGreaterThan(plans.length / 2);
  });
});

describe('MariaDB Spider: the pruning check fails without the tenant predicate', () => {
  it.each(plans.filter(([name]) => ['count of orders', 'revenue by product category, top 5', 'products nobody reviewed (anti-join)', 'customers with at least 3 laptop orders (count through a join)'].includes(name)))(
    '%s',
    async (_name, plan) => {
      const query = compiled(plan, 2, true);
      expect(query.sql).not.toBe(compiled(plan, 2).sql);
      const touched = await touchedBy(query);
      const { shards, shardOf } = spiderWarehouseAt(warehouse.location());
      expect(touched.planned).toEqual(shards.map((shard) => shard.server).sort());
      expect(() => assertPrunedTo(touched, shardOf(2))).toThrow(/not pruned to/);
    },
  );
});

/**
 * What Spider sends the tenant's backend for askdata's statements (the general log): the evidence behind
 * docs/scale.md's pushdown section. A query on the fact tables alone goes down whole, aggregates, filters,
 * grouping, order and limit included (Spider's group-by handler, once pruning left one partition); a join
 * with a dimension on the front does not: the backend is asked for the fact rows the join needs, one
 * statement per dimension row, and the front joins and aggregates.
 */
describe('MariaDB Spider: what reaches the backend', () => {
  const sent = async (input: QueryPlanInput, tenant: number, withoutTenantPredicate = false): Promise<Record<string, string[]>> => {
    const touched = await touchedBy(compiled(input, tenant, withoutTenantPredicate));
    return Object.fromEntries(Object.entries(touched.statements).map(([server, statements]) => [server, statements.filter((statement) => !/^\s*show\b/i.test(statement))]));
  };
  const created = { entity: 'orders', field: 'created_at' };

  it('a fact-only aggregate goes down whole: tenant and time filters, aggregate, grouping, order and the row cap', async () => {
    const { shardOf } = spiderWarehouseAt(warehouse.location());
    const statements = (await sent({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }, { kind: 'aggregate', aggregation: 'sum', field: { entity: 'orders', field: 'subtotal' } }], dimensions: [{ field: created, grain: 'month' }], timeRange: { field: created, start: '2025-01-01', end: '2026-01-01', label: 'in 2025' } }, 2))[shardOf(2).server];
    expect(statements).toHaveLength(1);
    expect(statements?.[0]).toMatch(/^select \(date_format\(t0\.`created_at` , _utf8mb4'%Y-%m'\)\) `d0`,count\(0\) `m0`,sum\(t0\.`subtotal`\) `m1` from `[^`]+`\.`orders` t0 where \(\(t0\.`organisation_id` = 2\) and \(t0\.`created_at` >= _utf8mb4'2025-01-01 00:00:00\.000'\) and \(t0\.`created_at` < _utf8mb4'2026-01-01 00:00:00\.000'\)\) group by 1 order by .* limit 1001$/);
  });

  it('a list with a filter goes down with the filter and the limit, reading only the columns it needs', async () => {
    const { shardOf } = spiderWarehouseAt(warehouse.location());
    const statements = (await sent({ kind: 'list', entity: 'orders', fields: [{ entity: 'orders', field: 'id' }, { entity: 'orders', field: 'subtotal' }], filters: [{ op: 'gt', field: { entity: 'orders', field: 'subtotal' }, value: 500 }], orderBy: [{ field: { entity: 'orders', field: 'subtotal' }, direction: 'desc' }], limit: 10 }, 2))[shardOf(2).server];
    expect(statements).toHaveLength(1);
    expect(statements?.[0]).toMatch(/where \(\(t0\.`organisation_id` = 2\) and \(t0\.`subtotal` > 500\)\) order by .*`subtotal` desc.* limit 10$/);
  });

  it('a join with a dimension on the front is not pushed: raw fact rows by key, one statement per dimension row, joined and summed on the front', async () => {
    const { shardOf } = spiderWarehouseAt(warehouse.location());
    const statements = (await sent(goldenPlans['revenue by product category, top 5'] as QueryPlanInput, 2))[shardOf(2).server] ?? [];
    expect(statements.length).toBeGreaterThan(5);
    for (const statement of statements) {
      expect(statement).toMatch(/^select `organisation_id`,`product_id`,`subtotal`,`discount` from `[^`]+`\.`orders` where `product_id` = \d+ and \(`organisation_id` = 2\)$/);
    }
  });

  it("over both backends (no tenant predicate) a count is Spider's direct aggregate: one partial count per backend, added up on the front", async () => {
    const byServer = await sent({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }] }, 2, true);
    const { shards } = spiderWarehouseAt(warehouse.location());
    for (const shard of shards) expect(byServer[shard.server]).toEqual([expect.stringMatching(/^select count\(0\),min\(`\w+`\) from `[^`]+`\.`orders`$/)]);
  });
});
