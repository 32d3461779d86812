/**
 * Every "say more" form (issue 41) on a warehouse sharded with postgres_fdw (its facts in foreign partitions
 * on two shard servers, its dimensions on the coordinator): each tenant, on either shard, gets the rows of
 * its own part of the warehouse (@askdata/conformance sayMoreTenancySuite). The parts are split from the
 * same generated warehouse (the generator is seeded, so the same scale gives the same rows).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModelFile, type DataSource, type SemanticModel } from '@askdata/core';
import { sayMoreTenancySuite } from '@askdata/conformance';
import { openSqliteDataSource } from '@askdata/datasource-sqlite';
import { createSmallDemoWarehouse } from '../../../../test-support/demo-warehouse';
import { createShardedDemoWarehouseOnPostgres, type ShardedWarehouse } from '../../../../test-support/sharded-demo-warehouse-on-postgres';
import { writeDemoModel } from '../../../../test-support/strategy-models';
import { splitWarehouse } from '../../../../test-support/tenant-warehouses';
import { openDataSource } from '../../src/open-data-source';

const ORGS = [1, 2, 3] as const;
const SCALE = 0.03;

let dir: string;
let columnModel: SemanticModel;
const parts = new Map<number, DataSource>();
let warehouse: ShardedWarehouse;
let sharded: DataSource;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-say-more-sharded-'));
  columnModel = loadModelFile(writeDemoModel(dir, { strategy: 'column' }, 'column.yaml'));
  const generated = createSmallDemoWarehouse(SCALE);
  try {
    for (const [org, path] of splitWarehouse(generated.path, ORGS, join(dir, 'parts'))) parts.set(org, await openSqliteDataSource(path));
  } finally {
    generated.cleanup();
  }
  warehouse = await createShardedDemoWarehouseOnPostgres('say_more_sharded', { scale: SCALE });
  sharded = await openDataSource(warehouse.coordinator.url);
}, 240_000);
afterAll(async () => {
  await sharded?.close();
  for (const part of parts.values()) await part.close();
  await warehouse?.drop();
  rmSync(dir, { recursive: true, force: true });
});

it('the tenants asked about live on both shards', () => {
  expect(new Set(ORGS.map((org) => warehouse.shardOf(org)))).toEqual(new Set(['shard_1', 'shard_2']));
});

sayMoreTenancySuite('PostgreSQL sharded over postgres_fdw, tenancy by column', () => ({ part: (org: number) => parts.get(org) as DataSource, partModel: columnModel, orgIds: ORGS, dataSource: sharded, model: columnModel }));
