/** Shares, ratios, averageOver and compared periods executed on real PostgreSQL (timestamptz, numeric). */
import type { TestDatabase } from '../../../../test-support/postgres';
import type { DataSource } from '../datasource/data-source';
import { openDataSource } from '../datasource/open-data-source';
import { createDemoWarehouseOnPostgres } from '../datasource/testing/demo-warehouse-on-postgres';
import { compositeSuite } from './testing/composite-scenarios';

let database: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  database = await createDemoWarehouseOnPostgres('core_composite');
  ds = await openDataSource(database.url);
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await database?.drop();
});

describe('PostgreSQL: composite measures and plan features vs hand-written SQL', () => {
  compositeSuite(() => ds);
});
