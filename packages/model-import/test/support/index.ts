/** Fixtures other packages' tests and the eval use: the demo warehouse in each format, and published-style models. */
export { AS_WRITTEN_FIXTURES, DEMO_SHOP_FIXTURES, DEMO_SHOP_TENANCY, LATEST_DBT_FIXTURE, PUBLISHED_FIXTURES, type FixtureFormat } from './fixture-paths';
