/**
 * The shared suites on a warehouse sharded over postgres_fdw: golden SQL and SQL injection with the
 * adapter's dialect hooks (the compiled SQL is the single server's: the coordinator is an ordinary
 * PostgreSQL), and tenant isolation as a property on a sharded warehouse, its rows read back on the shards.
 */
import { adapterConformance } from '@askdata/conformance';
import { shardedPostgresUnderTest } from './sharded-under-test';

adapterConformance(shardedPostgresUnderTest);
