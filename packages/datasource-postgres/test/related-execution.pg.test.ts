/** Related filters (semi/anti-joins, count thresholds), having, ties and distinct lists on real PostgreSQL. */
import { booleanSuite, onDemoWarehouse, relatedSuite } from '@askdata/conformance';
import { postgresUnderTest } from './postgres-under-test';

const warehouse = onDemoWarehouse(postgresUnderTest, 'core_related');

describe('PostgreSQL: related filters, having, ties and distinct lists vs hand-written SQL', () => {
  relatedSuite(warehouse.dataSource);
});

describe('PostgreSQL: both / either / neither / but not, and OR and NOT between conditions, vs hand-written SQL', () => {
  booleanSuite(warehouse.dataSource);
});
