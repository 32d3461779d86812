/** Shares, ratios, averageOver and compared periods executed on real PostgreSQL (timestamptz, numeric). */
import { createTestDatabase, type TestDatabase } from '../../../../test-support/postgres';
import type { DataSource } from '../datasource/data-source';
import { openDataSource } from '../datasource/open-data-source';
import { copySqliteToPostgres } from '../datasource/testing/copy-sqlite-to-postgres';
import { createSmallDemoWarehouse } from '../datasource/testing/demo-warehouse';
import { compositeSuite } from './testing/composite-scenarios';

let database: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  database = await createTestDatabase('core_composite');
  const warehouse = createSmallDemoWarehouse();
  try {
    await copySqliteToPostgres(warehouse.path, database.url);
  } finally {
    warehouse.cleanup();
  }
  ds = await openDataSource(database.url);
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await database?.drop();
});

describe('PostgreSQL: composite measures and plan features vs hand-written SQL', () => {
  compositeSuite(() => ds);
});
