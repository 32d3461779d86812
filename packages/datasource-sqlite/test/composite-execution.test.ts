/** Shares, ratios, averageOver and compared periods executed on a real SQLite demo warehouse. */
import type { DataSource } from '@askdata/core';
import { compositeSuite } from '@askdata/conformance';
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

describe('SQLite: composite measures and plan features vs hand-written SQL', () => {
  compositeSuite(() => ds);
});
