/** Shares, ratios, averageOver and compared periods executed on a real SQLite demo warehouse. */
import { compositeSuite, onDemoWarehouse } from '@askdata/conformance';
import { sqliteUnderTest } from './sqlite-under-test';

const warehouse = onDemoWarehouse(sqliteUnderTest, 'core_composite');

describe('SQLite: composite measures and plan features vs hand-written SQL', () => {
  compositeSuite(warehouse.dataSource);
});
