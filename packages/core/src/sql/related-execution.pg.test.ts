/** Related filters, having, ties and distinct lists on real PostgreSQL. */
import type { TestDatabase } from '../../../../test-support/postgres';
import type { DataSource } from '../datasource/data-source';
import { openDataSource } from '../datasource/open-data-source';
import { createDemoWarehouseOnPostgres } from '../datasource/testing/demo-warehouse-on-postgres';
import { relatedSuite } from './testing/related-scenarios';

let database: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  database = await createDemoWarehouseOnPostgres('core_related');
  ds = await openDataSource(database.url);
}, 120_000);
afterAll(async () => {
  await ds?.close();
  await database?.drop();
});

describe('PostgreSQL: related filters, having, ties and distinct vs hand-written SQL', () => {
  relatedSuite(() => ds);
});
