/**
 * The conformance suites that are not run elsewhere in this folder (execution, composite and related
 * suites run in duckdb-data-source.test.ts): golden SQL and SQL injection with this adapter's dialect
 * hooks, and tenant isolation as a property on the generated warehouse copied into a .duckdb file, with
 * owners read back through a second, plain DuckDB connection to the file, independent of core.
 */
import { adapterConformance } from '@askdata/conformance';
import { duckdbUnderTest } from './duckdb-under-test';

adapterConformance(duckdbUnderTest);
