/** Related filters (semi/anti-joins, count thresholds), having, ties and distinct lists on real MariaDB. */
import { booleanSuite, onDemoWarehouse, relatedSuite } from '@askdata/conformance';
import { mysqlUnderTest } from './mysql-under-test';

const warehouse = onDemoWarehouse(mysqlUnderTest, 'core_related');

describe('MariaDB: related filters, having, ties and distinct lists vs hand-written SQL', () => {
  relatedSuite(warehouse.dataSource);
});

describe('MariaDB: both / either / neither / but not, and OR and NOT between conditions, vs hand-written SQL', () => {
  booleanSuite(warehouse.dataSource);
});
