/**
 * @askdata/conformance: what every data source adapter must pass, run by each adapter against itself
 * (packages/datasource-<engine>/test/conformance*.test.ts). Compile-only suites take the adapter's dialect
 * hooks; execution suites take its data source open on the generated demo warehouse.
 */
export { goldenSqlSuite } from './golden-sql-suite';
export { goldenPlans } from './golden-plans';
export { sqlInjectionSuite } from './sql-injection-suite';
export { executionSuite, hand, ORGS, rounded, runPlan } from './execution-suite';
export { compositeSuite } from './composite-suite';
export { ownerColumn, tenantIsolationSuite, type OwnerLookup, type TenantIsolationTarget, type ValuesLookup } from './tenant-isolation-suite';
export { relatedSuite } from './related-suite';
export { booleanSuite } from './boolean-suite';
export { adapterConformance, onDemoWarehouse, type AdapterUnderTest, type DemoWarehouseOptions, type DirectReads, type OnDemoWarehouse, type TestWarehouse } from './adapter-harness';
export { sayMorePlans, type SayMorePlan } from './say-more-plans';
export { comparableRows, sayMoreTenancySuite, type SayMoreTenancyTarget } from './say-more-tenancy-suite';
export { vsAggregateSuite } from './vs-aggregate-suite';
