/** Related filters (semi/anti-joins, count thresholds), having, ties and distinct lists on a real SQLite demo warehouse. */
import type { DataSource } from '@askdata/core';
import { relatedSuite } from '@askdata/conformance';
import { createSmallDemoWarehouse } from '../../../test-support/demo-warehouse';
import { openSqliteDataSource } from '../src/index';

let warehouse: ReturnType<typeof createSmallDemoWarehouse>;
let ds: DataSource;

beforeAll(async () => {
  warehouse = createSmallDemoWarehouse();
  ds = await openSqliteDataSource(warehouse.path);
});
afterAll(async () => {
  await ds?.close();
  warehouse?.cleanup();
});

describe('SQLite: related filters, having, ties and distinct lists vs hand-written SQL', () => {
  relatedSuite(() => ds);
});
