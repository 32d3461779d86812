/**
 * The conformance suites that are not run elsewhere in this folder (execution, composite and related suites
 * run in postgres-data-source.pg.test.ts, composite-execution.pg.test.ts and related-execution.pg.test.ts):
 * golden SQL and SQL injection with this adapter's dialect hooks, and tenant isolation as a property on the
 * generated warehouse copied into a fresh PostgreSQL database, read back through pg directly, independent of core.
 */
import { adapterConformance } from '@askdata/conformance';
import { postgresUnderTest } from './postgres-under-test';

adapterConformance(postgresUnderTest);
