/**
 * The conformance suites that are not run elsewhere in this folder (execution, composite and related suites
 * run in mysql-data-source.mariadb.test.ts, composite-execution.mariadb.test.ts and
 * related-execution.mariadb.test.ts): golden SQL and SQL injection with this adapter's dialect hooks, and
 * tenant isolation as a property on the generated warehouse copied into a fresh MariaDB database, read back
 * through mysql2 directly, independent of core.
 */
import { adapterConformance } from '@askdata/conformance';
import { mysqlUnderTest } from './mysql-under-test';

adapterConformance(mysqlUnderTest);
