/**
 * The conformance suites that are not run elsewhere in this folder (execution and composite suites run in
 * postgres-data-source.pg.test.ts and composite-execution.pg.test.ts): golden SQL and SQL injection with
 * this adapter's dialect hooks, and tenant isolation as a property on the generated warehouse copied into
 * a fresh PostgreSQL database, with owners read back through pg directly, independent of core.
 */
import { Client } from 'pg';
import type { DataSource } from '@askdata/core';
import { goldenSqlSuite, ownerColumn, sqlInjectionSuite, tenantIsolationSuite, type OwnerLookup, type ValuesLookup } from '@askdata/conformance';
import { createDemoWarehouseOnPostgres } from '../../../test-support/demo-warehouse-on-postgres';
import type { TestDatabase } from '../../../test-support/postgres';
import { openPostgresDataSource, postgresHooks } from '../src/index';

goldenSqlSuite(postgresHooks);
sqlInjectionSuite(postgresHooks);

describe('on the generated demo warehouse in PostgreSQL', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let direct: Client;
  beforeAll(async () => {
    database = await createDemoWarehouseOnPostgres('tenant_property', 0.03);
    dataSource = await openPostgresDataSource(database.url);
    direct = new Client({ connectionString: database.url });
    await direct.connect();
  }, 120_000);
  afterAll(async () => {
    await dataSource?.close();
    await direct?.end();
    await database?.drop();
  });

  const owners: OwnerLookup = async (table, ids) => {
    const { rows } = await direct.query<{ id: number; org: number }>(`select id, organisation_id as org from "${table}" where id = any($1::int[])`, [ids]);
    return new Map(rows.map((row) => [row.id, row.org]));
  };
  const values: ValuesLookup = async (table, column, orgId) =>
    (await direct.query<{ v: unknown }>(`select distinct "${column}" as v from "${table}" where "${ownerColumn(table)}" = $1 and "${column}" is not null`, [orgId])).rows.map((row) => String(row.v));
  tenantIsolationSuite('postgres', () => ({ dataSource, owners, values }));
});
