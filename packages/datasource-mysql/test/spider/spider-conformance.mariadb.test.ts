/**
 * The shared suites on MariaDB's Spider engine: the demo warehouse's facts (orders, reviews) sharded by
 * organisation_id over two backends, the dimensions local on the front, askdata's MySQL data source open on
 * the front as on any MariaDB. Golden SQL and SQL injection (compile-only: the dialect is MariaDB's), tenant
 * isolation with owners and values read from the backends directly, the execution suite, and every golden and
 * "say more" plan executed on Spider and on one server holding the same data, answer for answer: a result
 * Spider assembles wrongly from its backends would differ there even where the hand-written SQL, run through
 * the same Spider, agrees with it.
 */
import { compileQuery, resolveTenantScope, scopePlan, validatePlan, type DataSource, type QueryPlanInput, type SemanticModel } from '@askdata/core';
import { demoModelFixture } from '@askdata/core/testing';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { comparableRows, executionSuite, goldenPlans, goldenSqlSuite, ORGS, onDemoWarehouse, sayMorePlans, sqlInjectionSuite, tenantIsolationSuite } from '@askdata/conformance';
import { createDemoWarehouseOnMysql } from '../../../../test-support/demo-warehouse-on-mysql';
import type { TestDatabase } from '../../../../test-support/postgres';
import { openMysqlDataSource } from '../../src/index';
import { spiderUnderTest, spiderWarehouseAt } from './spider-under-test';

goldenSqlSuite(spiderUnderTest.hooks);
sqlInjectionSuite(spiderUnderTest.hooks);

const warehouse = onDemoWarehouse(spiderUnderTest, 'spider_conformance', { readDirectly: true });
const ds = warehouse.dataSource;

describe('MariaDB Spider: the warehouse is really sharded', () => {
  it('holds the organisations the suites ask as, on more than one backend', () => {
    const shards = spiderWarehouseAt(warehouse.location()).shards;
    expect(shards.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ORGS.map((org) => spiderWarehouseAt(warehouse.location()).shardOf(org).server)).size).toBeGreaterThan(1);
  });
});

describe('MariaDB Spider: tenant isolation', () => {
  tenantIsolationSuite('mysql', () => ({
    dataSource: ds(),
    owners: (table, ids) => warehouse.direct().owners(table, ids),
    values: (table, column, orgId) => warehouse.direct().values(table, column, orgId),
  }));
});

describe('MariaDB Spider: compiled plans vs hand-written SQL', () => {
  executionSuite(ds);
});

describe('MariaDB Spider: the same answers as one server holding the same data', () => {
  let single: TestDatabase | undefined;
  let oneServer: DataSource | undefined;
  const singleUrl = (): string => {
    if (!single) throw new Error('the single-server copy was not made');
    return single.url;
  };
  beforeAll(async () => {
    single = await createDemoWarehouseOnMysql('spider_single');
    oneServer = await openMysqlDataSource(single.url);
  }, 120_000);
  afterAll(async () => {
    await oneServer?.close();
    await single?.drop();
  });

  // The model the golden and say-more plans are written for.
  const model: SemanticModel = demoModelFixture();
  const options = { timeoutMs: 10_000, maxRows: 1000 };
  async function rowsOn(dataSource: DataSource, input: QueryPlanInput, orgId: number): Promise<string[]> {
    const plan = validatePlan(input, model, { dialect: dataSource.dialect });
    const compiled = compileQuery(scopePlan(plan, model, resolveTenantScope(model, { orgId })), model, dataSource.dialect, { maxRows: options.maxRows });
    return comparableRows((await dataSource.execute(compiled, options)).rows);
  }

  const plans: [string, QueryPlanInput][] = [...Object.entries(goldenPlans), ...sayMorePlans.map((form): [string, QueryPlanInput] => [form.name, form.plan])];
  let answered = 0;
  it.each(plans)('%s', async (_name, plan) => {
    if (!oneServer) throw new Error('the single-server copy was not made');
    for (const orgId of ORGS) {
      const onSpider = await rowsOn(ds(), plan, orgId);
      expect({ orgId, rows: onSpider }).toEqual({ orgId, rows: await rowsOn(oneServer, plan, orgId) });
      if (onSpider.length > 0) answered += 1;
    }
  });

  it("pins Spider's own wrong answer that the data source works around: a materialized NOT EXISTS keeps reviewed products", async () => {
    // The anti-join golden plan's shape, on the admin connection without the data source's settings. When
    // this fails, Spider answers right by itself and the optimizer_switch in mysql-statement.ts can go.
    const antiJoin = 'select count(*) as n from products where organisation_id = ? and not exists (select 1 from reviews r where r.product_id = products.id and r.organisation_id = ?)';
    const admin = await createConnection({ uri: warehouse.location() });
    const single = await createConnection({ uri: singleUrl() });
    try {
      const count = async (connection: Connection, sql: string): Promise<number> => Number((await connection.query<RowDataPacket[]>(sql, [1, 1]))[0][0]?.n);
      const truth = await count(single, antiJoin);
      expect(await count(admin, antiJoin)).not.toBe(truth);
      expect(await count(admin, `SET STATEMENT optimizer_switch='materialization=off' FOR ${antiJoin}`)).toBe(truth);
    } finally {
      await admin.end();
      await single.end();
    }
  });

  it('compared answers with rows, not only empty ones (some golden plans are built to match nothing)', () => {
    expect(answered).toBeGreaterThan(plans.length * 2);
  });
});
