/**
 * The conformance suites that are not run elsewhere in this folder (execution and composite suites run in
 * mysql-data-source.mariadb.test.ts and composite-execution.mariadb.test.ts): golden SQL and SQL injection
 * with this adapter's dialect hooks, and tenant isolation as a property on the generated warehouse copied
 * into a fresh MariaDB database, with owners read back through mysql2 directly, independent of core.
 */
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import type { DataSource } from '@askdata/core';
import { goldenSqlSuite, ownerColumn, sqlInjectionSuite, tenantIsolationSuite, type OwnerLookup, type ValuesLookup } from '@askdata/conformance';
import { createDemoWarehouseOnMysql } from '../../../test-support/demo-warehouse-on-mysql';
import type { TestDatabase } from '../../../test-support/postgres';
import { mysqlHooks, openMysqlDataSource } from '../src/index';

goldenSqlSuite(mysqlHooks);
sqlInjectionSuite(mysqlHooks);

describe('on the generated demo warehouse in MariaDB', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let direct: Connection;
  beforeAll(async () => {
    database = await createDemoWarehouseOnMysql('tenant_property', 0.03);
    dataSource = await openMysqlDataSource(database.url);
    direct = await createConnection({ uri: database.url });
  }, 120_000);
  afterAll(async () => {
    await dataSource?.close();
    await direct?.end();
    await database?.drop();
  });

  const owners: OwnerLookup = async (table, ids) => {
    if (ids.length === 0) return new Map();
    const [rows] = await direct.query<RowDataPacket[]>(`select id, organisation_id as org from \`${table}\` where id in (?)`, [ids]);
    return new Map(rows.map((row) => [Number(row.id), Number(row.org)]));
  };
  const values: ValuesLookup = async (table, column, orgId) => {
    const [rows] = await direct.query<RowDataPacket[]>(`select distinct \`${column}\` as v from \`${table}\` where \`${ownerColumn(table)}\` = ? and \`${column}\` is not null`, [orgId]);
    return rows.map((row) => String(row.v));
  };
  tenantIsolationSuite('mysql', () => ({ dataSource, owners, values }));
});
