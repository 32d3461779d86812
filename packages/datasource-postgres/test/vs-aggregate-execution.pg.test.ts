/** Comparisons with an aggregate (a row against other rows, a group against every group, the X of the Y with the most Z) on real PostgreSQL. */
import { onDemoWarehouse, vsAggregateSuite } from '@askdata/conformance';
import { postgresUnderTest } from './postgres-under-test';

const warehouse = onDemoWarehouse(postgresUnderTest, 'core_vs_aggregate');

describe('PostgreSQL: comparisons with an aggregate vs hand-written SQL', () => {
  vsAggregateSuite(warehouse.dataSource);
});
