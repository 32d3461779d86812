/**
 * What runs on the shards and what on the coordinator, read from EXPLAIN (VERBOSE) of what askdata runs
 * for a tenant (PostgreSQL 15's postgres_fdw). Pinned so that a change (ours or PostgreSQL's) shows:
 *
 * - On the shard: the tenant predicate and the plan's filters (comparisons, time ranges, contains), the
 *   columns the query needs, the ORDER BY of a top-N list.
 * - On the coordinator: every aggregate of a tenant's rows (postgres_fdw pushes an aggregate of a
 *   partitioned table only partition by partition, which needs the partition key in the GROUP BY; a
 *   tenant's question does not group by its tenant, and postgres_fdw cannot push a partial aggregate),
 *   with enable_partitionwise_aggregate on or off; the LIMIT; month and day grains (AT TIME ZONE and
 *   to_char are not shipped); and every join with a dimension, which lives on the coordinator. Even a
 *   dimension partitioned like the facts onto the same shards is joined on the coordinator once the
 *   tenant predicate has pruned both sides (enable_partitionwise_join on): postgres_fdw pushes the join of
 *   two foreign tables only when they are queried directly, not through their partitioned parents.
 */
import { compileQuery, loadModelFile, resolveTenantScope, scopePlan, validatePlan, type CompiledQuery, type QueryPlanInput } from '@askdata/core';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { explainOnCoordinator, planNodes, remoteSql, type Explained } from '../../../../test-support/postgres-partition-pruning';
import { createShardedTable, withClient } from '../../../../test-support/postgres-shards';
import { analyzeWithForeignPartitions, createShardedDemoWarehouseOnPostgres, shardTableDdl, type ShardedWarehouse } from '../../../../test-support/sharded-demo-warehouse-on-postgres';
import { postgresHooks } from '../../src/index';

const model = loadModelFile(DEMO_MODEL_PATH);
const orders = (field: string) => ({ entity: 'orders', field });
const products = (field: string) => ({ entity: 'products', field });
const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' } as const;
const TENANT = 2;

function compiledFor(input: QueryPlanInput): CompiledQuery {
  const scoped = scopePlan(validatePlan(input, model, { dialect: postgresHooks }), model, resolveTenantScope(model, { orgId: TENANT }));
  return compileQuery(scoped, model, postgresHooks, { maxRows: 1000 });
}
/** A hand-written query, explained the same way (for what PostgreSQL could push that askdata does not ask). */
const handWritten = (sql: string): CompiledQuery => ({ sql, parameters: [] });

const nodeTypes = (explained: Explained): string[] => planNodes(explained.plan).map((node) => node['Node Type']);
/** Nodes computed on the coordinator above the foreign scans: anything but the scans themselves. */
const localNodes = (explained: Explained): string[] => nodeTypes(explained).filter((type) => type !== 'Foreign Scan');
const aggregateIn = (sql: string): boolean => /\b(count|sum|avg|min|max)\(/i.test(sql);

let warehouse: ShardedWarehouse;
const explain = (query: CompiledQuery, settings: string[] = []) => explainOnCoordinator(warehouse.coordinator.url, query, settings);

beforeAll(async () => {
  warehouse = await createShardedDemoWarehouseOnPostgres('pushdown', { scale: 0.02 });
}, 120_000);
afterAll(async () => {
  await warehouse?.drop();
});

describe('on the shard', () => {
  it('the tenant predicate, comparisons, a time range and a contains filter are in the Remote SQL, none is applied on the coordinator', async () => {
    const explained = await explain(
      compiledFor({
        kind: 'aggregate',
        entity: 'orders',
        measures: [{ kind: 'count' }],
        filters: [{ op: 'gte', field: orders('quantity'), value: 2 }, { op: 'lt', field: orders('subtotal'), value: 500 }],
        timeRange: { field: orders('created_at'), start: '2025-01-01', end: '2026-01-01', label: 'in 2025' },
      }),
    );
    const [sent, ...more] = remoteSql(explained);
    expect(more).toEqual([]);
    expect(sent).toMatch(/^SELECT NULL FROM public\.orders WHERE /);
    for (const condition of ['(organisation_id = 2)', '(quantity >= 2)', '(subtotal < 500', "(created_at >= '2025-01-01 00:00:00+00')", "(created_at < '2026-01-01 00:00:00+00')"]) expect(sent).toContain(condition);
    expect(planNodes(explained.plan).filter((node) => node.Filter !== undefined)).toEqual([]);
    const contains = await explain(compiledFor({ kind: 'aggregate', entity: 'reviews', measures: [{ kind: 'count' }], filters: [{ op: 'contains', field: { entity: 'reviews', field: 'comment' }, value: 'great' }] }));
    expect(remoteSql(contains)).toEqual([expect.stringContaining("(comment ~~* '%great%')")]);
  });

  it('a top-N list sends its ORDER BY, but the LIMIT is applied on the coordinator', async () => {
    const explained = await explain(compiledFor({ kind: 'list', entity: 'orders', fields: [orders('id'), orders('subtotal')], orderBy: [{ field: orders('subtotal'), direction: 'desc' }], limit: 10 }));
    const [sent] = remoteSql(explained);
    expect(sent).toMatch(/ORDER BY subtotal DESC NULLS LAST, id ASC NULLS LAST$/);
    expect(sent).not.toMatch(/LIMIT/);
    expect(localNodes(explained)).toContain('Limit');
  });
});

describe('on the coordinator', () => {
  const aggregate: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }, revenue] };

  it.each([[[]], [['enable_partitionwise_aggregate = on']]])('a tenant\'s aggregate of one table (settings %j): the shard sends the rows\' columns, the coordinator aggregates', async (settings) => {
    const explained = await explain(compiledFor(aggregate), settings);
    expect(remoteSql(explained)).toEqual(['SELECT subtotal, discount FROM public.orders WHERE ((organisation_id = 2))']);
    expect(localNodes(explained)).toContain('Aggregate');
  });

  it('what PostgreSQL can push: an aggregate grouped by the partition key, partition by partition, with enable_partitionwise_aggregate on (and only then)', async () => {
    const perTenant = handWritten('select organisation_id, count(*) from orders group by organisation_id');
    const pushed = remoteSql(await explain(perTenant, ['enable_partitionwise_aggregate = on']));
    expect(pushed).toHaveLength(2);
    for (const sent of pushed) expect(sent).toBe('SELECT organisation_id, count(*) FROM public.orders GROUP BY 1');
    expect(remoteSql(await explain(perTenant)).some(aggregateIn)).toBe(false);
  });

  it('a month grain is computed on the coordinator: its expression is not shipped', async () => {
    const explained = await explain(compiledFor({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: orders('created_at'), grain: 'month' }] }), ['enable_partitionwise_aggregate = on']);
    expect(remoteSql(explained)).toEqual(['SELECT created_at FROM public.orders WHERE ((organisation_id = 2))']);
    expect(localNodes(explained)).toEqual(expect.arrayContaining([expect.stringMatching(/Aggregate/)]));
  });

  it('a breakdown by a dimension joins on the coordinator: the shard sends the join key, the dimension is read locally', async () => {
    const explained = await explain(compiledFor({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: products('category') }] }));
    expect(remoteSql(explained)).toEqual(['SELECT product_id, subtotal, discount FROM public.orders WHERE ((organisation_id = 2))']);
    expect(localNodes(explained)).toEqual(expect.arrayContaining([expect.stringMatching(/Join|Nested Loop/), expect.stringMatching(/Scan/)]));
    expect(planNodes(explained.plan).filter((node) => node['Relation Name'] === 'products')).toHaveLength(1);
  });

  it('a dimension partitioned like the facts onto the same shards is still joined on the coordinator once the tenant pruned both (the join is pushed only between the foreign tables themselves)', async () => {
    const coordinator = warehouse.coordinator.url;
    const ddl = await withClient(coordinator, (client) => shardTableDdl(client, 'products', 'products_copartitioned'));
    await createShardedTable(coordinator, warehouse.shards, { name: 'products_copartitioned', createTableSql: ddl, partitionKey: 'organisation_id' });
    await withClient(coordinator, async (client) => {
      for (const shard of warehouse.shards) {
        const rows = (await client.query('select * from products where organisation_id = any($1::int[])', [shard.tenants])).rows;
        await withClient(shard.url, (onShard) => onShard.query(`insert into products_copartitioned select * from json_populate_recordset(null::products_copartitioned, $1)`, [JSON.stringify(rows)]));
      }
      await analyzeWithForeignPartitions(client);
    });
    const settings = ['enable_partitionwise_join = on', 'enable_partitionwise_aggregate = on'];
    const throughParents = await explain(handWritten(`select count(*) from orders o join products_copartitioned p on p.id = o.product_id and p.organisation_id = o.organisation_id where o.organisation_id = ${TENANT}`), settings);
    expect(remoteSql(throughParents)).toHaveLength(2);
    expect(localNodes(throughParents)).toEqual(expect.arrayContaining([expect.stringMatching(/Join|Nested Loop/)]));
    const direct = await explain(handWritten(`select count(*) from orders_shard_2 o join products_copartitioned_shard_2 p on p.id = o.product_id`), settings);
    expect(remoteSql(direct)).toEqual([expect.stringMatching(/^SELECT count\(\*\) FROM \(public\.orders r\d INNER JOIN public\.products_copartitioned r\d ON /)]);
  });
});
