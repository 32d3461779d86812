/** Shares, ratios, averageOver and compared periods executed on real MariaDB (datetime(3), decimal). */
import { compositeSuite, onDemoWarehouse } from '@askdata/conformance';
import { mysqlUnderTest } from './mysql-under-test';

const warehouse = onDemoWarehouse(mysqlUnderTest, 'core_composite');

describe('MariaDB: composite measures and plan features vs hand-written SQL', () => {
  compositeSuite(warehouse.dataSource);
});
