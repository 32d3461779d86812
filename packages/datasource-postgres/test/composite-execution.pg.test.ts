/** Shares, ratios, averageOver and compared periods executed on real PostgreSQL (timestamptz, numeric). */
import type { DataSource } from '@askdata/core';
import { compositeSuite } from '@askdata/conformance';
import { createDemoWarehouseOnPostgres } from '../../../test-support/demo-warehouse-on-postgres';
import type { TestDatabase } from '../../../test-support/postgres';
import { openPostgresDataSource } from '../src/index';

let database: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  database = await createDemoWarehouseOnPostgres('core_composite');
  ds = await openPostgresDataSource(database.url);
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await database?.drop();
});

describe('PostgreSQL: composite measures and plan features vs hand-written SQL', () => {
  compositeSuite(() => ds);
});
