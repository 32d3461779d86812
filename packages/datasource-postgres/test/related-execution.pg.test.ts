/** Related filters (semi/anti-joins, count thresholds), having, ties and distinct lists on real PostgreSQL. */
import type { DataSource } from '@askdata/core';
import { relatedSuite } from '@askdata/conformance';
import { createDemoWarehouseOnPostgres } from '../../../test-support/demo-warehouse-on-postgres';
import type { TestDatabase } from '../../../test-support/postgres';
import { openPostgresDataSource } from '../src/index';

let database: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  database = await createDemoWarehouseOnPostgres('core_related');
  ds = await openPostgresDataSource(database.url);
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await database?.drop();
});

describe('PostgreSQL: related filters, having, ties and distinct lists vs hand-written SQL', () => {
  relatedSuite(() => ds);
});
