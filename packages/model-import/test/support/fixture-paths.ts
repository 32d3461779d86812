/** Where the fixtures are: each describes a database in one format, written from that format's published spec. */
import { join } from 'node:path';

export type FixtureFormat = 'ossie' | 'dbt' | 'snowflake';

const FIXTURES = join(__dirname, '..', 'fixtures');

/** The demo warehouse (packages/demo-data) in each format: a file, or a dbt project folder. */
export const DEMO_SHOP_FIXTURES: Record<FixtureFormat, string> = {
  ossie: join(FIXTURES, 'demo-shop', 'demo-shop.ossie.yaml'),
  dbt: join(FIXTURES, 'demo-shop', 'dbt'),
  snowflake: join(FIXTURES, 'demo-shop', 'demo-shop.snowflake.yaml'),
};

/** The demo warehouse keeps shops apart by organisation_id; callers pass orgId. */
export const DEMO_SHOP_TENANCY = { contextKey: 'orgId', column: 'organisation_id' } as const;

/** Models as teams publish them, with what askdata cannot carry: a dbt project and a Snowflake semantic view. */
export const PUBLISHED_FIXTURES = {
  bikeShareDbt: join(FIXTURES, 'published', 'bike-share-dbt'),
  bikeShareManifest: join(FIXTURES, 'published', 'bike-share-dbt', 'target', 'semantic_manifest.json'),
  coffeeSnowflake: join(FIXTURES, 'published', 'coffee-subscriptions.snowflake.yaml'),
} as const;

/** The bike-share project in dbt's latest YAML spec (semantic models on models, metrics with direct keys). */
export const LATEST_DBT_FIXTURE = join(FIXTURES, 'published', 'bike-share-dbt-latest');

/** Files as the tools that write them write them (issue 40): YAML Snowflake reads, dbt projects without types. */
export const AS_WRITTEN_FIXTURES = {
  snowflakeMultilineSql: join(FIXTURES, 'as-written', 'demo-shop-multiline.snowflake.yaml'),
  dbtUntyped: join(FIXTURES, 'as-written', 'dbt-untyped'),
  dbtManifest: join(FIXTURES, 'as-written', 'dbt-manifest'),
} as const;
