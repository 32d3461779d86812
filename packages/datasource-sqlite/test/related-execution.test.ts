/** Related filters (semi/anti-joins, count thresholds), having, ties and distinct lists on a real SQLite demo warehouse. */
import { booleanSuite, onDemoWarehouse, relatedSuite } from '@askdata/conformance';
import { sqliteUnderTest } from './sqlite-under-test';

const warehouse = onDemoWarehouse(sqliteUnderTest, 'core_related');

describe('SQLite: related filters, having, ties and distinct lists vs hand-written SQL', () => {
  relatedSuite(warehouse.dataSource);
});

describe('SQLite: both / either / neither / but not, and OR and NOT between conditions, vs hand-written SQL', () => {
  booleanSuite(warehouse.dataSource);
});
