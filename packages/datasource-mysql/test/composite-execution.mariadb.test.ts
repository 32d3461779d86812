/** Shares, ratios, averageOver and compared periods executed on real MariaDB (datetime(3), decimal). */
import type { DataSource } from '@askdata/core';
import { compositeSuite } from '@askdata/conformance';
import { createDemoWarehouseOnMysql } from '../../../test-support/demo-warehouse-on-mysql';
import type { TestDatabase } from '../../../test-support/postgres';
import { openMysqlDataSource } from '../src/index';

let database: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  database = await createDemoWarehouseOnMysql('core_composite');
  ds = await openMysqlDataSource(database.url);
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await database?.drop();
});

describe('MariaDB: composite measures and plan features vs hand-written SQL', () => {
  compositeSuite(() => ds);
});
