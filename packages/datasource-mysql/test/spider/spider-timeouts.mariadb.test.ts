/**
 * The statement time limit on a Spider front when a backend is slow. MariaDB's max_statement_time and the
 * data source's KILL QUERY backstop do not interrupt Spider while it waits for a backend's answer: the query
 * would wait as long as the backend (up to spider_net_read_timeout, 600 s by default). The data source bounds
 * that wait by the statement's own limit, so a question whose backend is stuck gets QUERY_TIMEOUT while the
 * backend is still stuck. A backend is made stuck here by LOCK TABLES on it, released only after the answer.
 */
import { createConnection, type Connection } from 'mysql2/promise';
import type { DataSource } from '@askdata/core';
import { createDemoWarehouseOnSpider, type SpiderWarehouse } from '../../../../test-support/demo-warehouse-on-spider';
import { openMysqlDataSource } from '../../src/index';

let warehouse: SpiderWarehouse;
let ds: DataSource;
let locker: Connection | undefined;

beforeAll(async () => {
  warehouse = await createDemoWarehouseOnSpider('spider_timeouts', { scale: 0.01 });
  ds = await openMysqlDataSource(warehouse.url, { maxConnections: 2 });
}, 120_000);
afterAll(async () => {
  await locker?.end();
  await ds?.close();
  await warehouse?.drop();
});

const count = { sql: 'select count(*) as n from orders where organisation_id = ?', parameters: [2] };

describe('MariaDB Spider: a slow backend', () => {
  it("gets QUERY_TIMEOUT within the statement's limit while the backend is still stuck, and the tenants of the other backend are answered meanwhile", async () => {
    await expect(ds.execute(count, { timeoutMs: 5000, maxRows: 1 })).resolves.toMatchObject({ rows: [{ n: expect.any(Number) }] });
    locker = await createConnection({ uri: warehouse.shardOf(2).url });
    await locker.query('LOCK TABLES orders WRITE');
    const started = Date.now();
    await expect(ds.execute(count, { timeoutMs: 1000, maxRows: 1 })).rejects.toMatchObject({ code: 'QUERY_TIMEOUT' });
    // A lower bound only: it did wait its limit out.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await expect(ds.execute({ sql: count.sql, parameters: [1] }, { timeoutMs: 5000, maxRows: 1 })).resolves.toMatchObject({ rows: [{ n: expect.any(Number) }] });
    await locker.query('UNLOCK TABLES');
    await expect(ds.execute(count, { timeoutMs: 5000, maxRows: 1 })).resolves.toMatchObject({ rows: [{ n: expect.any(Number) }] });
  });
});
