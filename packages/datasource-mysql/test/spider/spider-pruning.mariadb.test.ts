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
