/**
 * SQLite is opened read-only at the connection: a statement that writes AND returns rows (so it passes
 * the "must be a query" check) still fails inside SQLite, and the data is unchanged.
 */
import type { DataSource } from '@askdata/core';
import { createSmallDemoWarehouse } from '../../../test-support/demo-warehouse';
import { openSqliteDataSource } from '../src/index';

let warehouse: ReturnType<typeof createSmallDemoWarehouse>;
let ds: DataSource;
const opts = { timeoutMs: 5000, maxRows: 10 };

beforeAll(async () => {
  warehouse = createSmallDemoWarehouse(0.01);
  ds = await openSqliteDataSource(warehouse.path);
});
afterAll(async () => {
  await ds?.close();
  warehouse?.cleanup();
});

const count = async (): Promise<number> => Number((await ds.execute({ sql: 'select count(*) as n from organisations', parameters: [] }, opts)).rows[0]?.n);

describe('SQLite data source connection is read-only', () => {
  it.each([
    ['insert ... returning', "insert into organisations (id, name, created_at) values (999, 'intruder', '2026-01-01') returning id"],
    ['update ... returning', "update organisations set name = 'owned' returning id"],
    ['delete ... returning', 'delete from organisations returning id'],
  ])('refuses a write that returns rows (%s) with FORBIDDEN', async (_label, sql) => {
    const before = await count();
    await expect(ds.execute({ sql, parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await count()).toBe(before);
    expect(before).toBeGreaterThan(0);
  });

  it('refuses schema changes and attaching another file', async () => {
    await expect(ds.execute({ sql: 'create table t (x)', parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(ds.execute({ sql: "attach database '/tmp/askdata-attach.db' as other", parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
