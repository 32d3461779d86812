/** Fixtures other packages' tests and the eval use: the demo warehouse in each format, and published-style models. */
export { DEMO_SHOP_FIXTURES, DEMO_SHOP_TENANCY, PUBLISHED_FIXTURES, type FixtureFormat } from './fixture-paths';
