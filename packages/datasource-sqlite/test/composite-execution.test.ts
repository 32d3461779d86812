/** Shares, ratios, averageOver and compared periods executed on a real SQLite demo warehouse. */
import type { DataSource } from '../datasource/data-source';
import { openDataSource } from '../datasource/open-data-source';
import { createSmallDemoWarehouse } from '../datasource/testing/demo-warehouse';
import { compositeSuite } from './testing/composite-scenarios';

let warehouse: ReturnType<typeof createSmallDemoWarehouse>;
let ds: DataSource;

beforeAll(async () => {
  warehouse = createSmallDemoWarehouse();
  ds = await openDataSource(`file://${warehouse.path}`);
});
afterAll(async () => {
  await ds?.close();
  warehouse?.cleanup();
});

describe('SQLite: composite measures and plan features vs hand-written SQL', () => {
  compositeSuite(() => ds);
});
