/** Related filters (semi/anti-joins, count thresholds), having, ties and distinct lists on real MariaDB. */
import type { DataSource } from '@askdata/core';
import { relatedSuite } from '@askdata/conformance';
import { createDemoWarehouseOnMysql } from '../../../test-support/demo-warehouse-on-mysql';
import type { TestDatabase } from '../../../test-support/postgres';
import { openMysqlDataSource } from '../src/index';

let database: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  database = await createDemoWarehouseOnMysql('core_related');
  ds = await openMysqlDataSource(database.url);
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await database?.drop();
});

describe('MariaDB: related filters, having, ties and distinct lists vs hand-written SQL', () => {
  relatedSuite(() => ds);
});
