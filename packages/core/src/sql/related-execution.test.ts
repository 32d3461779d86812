/** Related filters, having, ties and distinct lists on a real SQLite demo warehouse. */
import type { DataSource } from '../datasource/data-source';
import { openDataSource } from '../datasource/open-data-source';
import { createSmallDemoWarehouse } from '../datasource/testing/demo-warehouse';
import { relatedSuite } from './testing/related-scenarios';

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

describe('SQLite: related filters, having, ties and distinct vs hand-written SQL', () => {
  relatedSuite(() => ds);
});
