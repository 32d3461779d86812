/** Comparisons with an aggregate (a row against other rows, a group against every group, the X of the Y with the most Z) on real MariaDB. */
import { onDemoWarehouse, vsAggregateSuite } from '@askdata/conformance';
import { mysqlUnderTest } from './mysql-under-test';

const warehouse = onDemoWarehouse(mysqlUnderTest, 'core_vs_aggregate');

describe('MariaDB: comparisons with an aggregate vs hand-written SQL', () => {
  vsAggregateSuite(warehouse.dataSource);
});
