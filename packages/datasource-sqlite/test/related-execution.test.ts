/** Related filters (semi/anti-joins, count thresholds), having, ties and distinct lists on a real SQLite demo warehouse. */
import { onDemoWarehouse, relatedSuite } from '@askdata/conformance';
import { sqliteUnderTest } from './sqlite-under-test';

const warehouse = onDemoWarehouse(sqliteUnderTest, 'core_related');

describe('SQLite: related filters, having, ties and distinct lists vs hand-written SQL', () => {
  relatedSuite(warehouse.dataSource);
});
