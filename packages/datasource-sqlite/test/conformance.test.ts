/**
 * The conformance suites that are not run elsewhere in this folder (execution, composite and related suites
 * run in sqlite-data-source.test.ts, composite-execution.test.ts and related-execution.test.ts): golden SQL
 * and SQL injection with this adapter's dialect hooks, and tenant isolation as a property on a real
 * generated warehouse, read back through better-sqlite3 directly, independent of core.
 */
import { adapterConformance } from '@askdata/conformance';
import { sqliteUnderTest } from './sqlite-under-test';

adapterConformance(sqliteUnderTest);
