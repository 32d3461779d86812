/** Related filters (semi/anti-joins, count thresholds), having, ties and distinct lists on real PostgreSQL. */
import { onDemoWarehouse, relatedSuite } from '@askdata/conformance';
import { postgresUnderTest } from './postgres-under-test';

const warehouse = onDemoWarehouse(postgresUnderTest, 'core_related');

describe('PostgreSQL: related filters, having, ties and distinct lists vs hand-written SQL', () => {
  relatedSuite(warehouse.dataSource);
});
