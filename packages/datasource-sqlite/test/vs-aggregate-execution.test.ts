/** Comparisons with an aggregate (a row against other rows, a group against every group, the X of the Y with the most Z) on a real SQLite demo warehouse. */
import { onDemoWarehouse, vsAggregateSuite } from '@askdata/conformance';
import { sqliteUnderTest } from './sqlite-under-test';

const warehouse = onDemoWarehouse(sqliteUnderTest, 'core_vs_aggregate');

describe('SQLite: comparisons with an aggregate vs hand-written SQL', () => {
  vsAggregateSuite(warehouse.dataSource);
});
