/** Shares, ratios, averageOver and compared periods executed on real PostgreSQL (timestamptz, numeric). */
import { compositeSuite, onDemoWarehouse } from '@askdata/conformance';
import { postgresUnderTest } from './postgres-under-test';

const warehouse = onDemoWarehouse(postgresUnderTest, 'core_composite');

describe('PostgreSQL: composite measures and plan features vs hand-written SQL', () => {
  compositeSuite(warehouse.dataSource);
});
