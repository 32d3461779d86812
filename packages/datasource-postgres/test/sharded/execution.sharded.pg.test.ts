/**
 * The execution suites (compiled plans vs hand-written SQL, for organisations on both shards) on one
 * warehouse sharded over postgres_fdw: what the single server runs in postgres-data-source.pg.test.ts,
 * composite-execution, related-execution and vs-aggregate-execution, here through foreign partitions.
 */
import { booleanSuite, compositeSuite, executionSuite, onDemoWarehouse, relatedSuite, vsAggregateSuite } from '@askdata/conformance';
import { shardedPostgresUnderTest } from './sharded-under-test';

const warehouse = onDemoWarehouse(shardedPostgresUnderTest, 'sharded_execution');

describe('sharded PostgreSQL: compiled plans vs hand-written SQL', () => {
  executionSuite(warehouse.dataSource);
});

describe('sharded PostgreSQL: composite measures and plan features', () => {
  compositeSuite(warehouse.dataSource);
});

describe('sharded PostgreSQL: related filters, having, ties and distinct lists', () => {
  relatedSuite(warehouse.dataSource);
});

describe('sharded PostgreSQL: both / either / neither / but not', () => {
  booleanSuite(warehouse.dataSource);
});

describe('sharded PostgreSQL: comparisons with an aggregate', () => {
  vsAggregateSuite(warehouse.dataSource);
});
