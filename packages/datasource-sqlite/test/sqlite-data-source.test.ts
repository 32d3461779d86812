/** The SQLite data source on a real generated demo warehouse: results, isolation, read-only, timeout, errors. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { executionSuite, onDemoWarehouse } from '@askdata/conformance';
import { openSqliteDataSource } from '../src/index';
import { sqliteUnderTest } from './sqlite-under-test';

const warehouse = onDemoWarehouse(sqliteUnderTest, 'core_datasource');
const ds = warehouse.dataSource;

describe('SQLite data source: compiled plans vs hand-written SQL', () => {
  executionSuite(ds);
});

describe('SQLite data source', () => {
  it('is read-only', async () => {
    await expect(ds().execute({ sql: 'delete from orders', parameters: [] }, { timeoutMs: 2000, maxRows: 10 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(ds().execute({ sql: 'select 1; delete from orders', parameters: [] }, { timeoutMs: 2000, maxRows: 10 })).rejects.toMatchObject({ code: 'INTERNAL' });
    const { rows } = await ds().execute({ sql: 'select count(*) as n from orders', parameters: [] }, { timeoutMs: 2000, maxRows: 10 });
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
  });

  it('times out a runaway query without blocking the event loop, and keeps serving', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    // An unbounded recursive CTE never finishes: the rejection proves it was killed at its limit, and
    // timer ticks during the 2 s it ran prove the event loop was free (a blocked loop gives none).
    const runaway = ds().execute({ sql: 'with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c', parameters: [] }, { timeoutMs: 2000, maxRows: 1 });
    await expect(runaway).rejects.toMatchObject({ code: 'QUERY_TIMEOUT' });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
    await expect(ds().execute({ sql: 'select 42 as answer', parameters: [] }, { timeoutMs: 2000, maxRows: 1 })).resolves.toEqual({ rows: [{ answer: 42 }], truncated: false });
  });

  it('cancels a running and a queued query when their signals abort, freeing the one worker at once', async () => {
    const single = await openSqliteDataSource(warehouse.location(), { workers: 1 });
    try {
      const runawaySql = 'with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c';
      const leaving = new AbortController();
      const queuedLeaving = new AbortController();
      // Timeouts far beyond the test's own: only the abort can end these.
      const running = single.execute({ sql: runawaySql, parameters: [] }, { timeoutMs: 600_000, maxRows: 1, signal: leaving.signal });
      const queued = single.execute({ sql: runawaySql, parameters: [] }, { timeoutMs: 600_000, maxRows: 1, signal: queuedLeaving.signal });
      queuedLeaving.abort(new Error('queued caller left'));
      await expect(queued).rejects.toThrow('queued caller left');
      leaving.abort(new Error('caller left'));
      await expect(running).rejects.toThrow('caller left');
      await expect(single.execute({ sql: 'select 7 as n', parameters: [] }, { timeoutMs: 600_000, maxRows: 1 })).resolves.toEqual({ rows: [{ n: 7 }], truncated: false });
      const already = new AbortController();
      already.abort(new Error('gone before'));
      await expect(single.execute({ sql: 'select 1', parameters: [] }, { timeoutMs: 1000, maxRows: 1, signal: already.signal })).rejects.toThrow('gone before');
    } finally {
      await single.close();
    }
  });

  it('runs queries concurrently across workers', async () => {
    // Order, not time: the runaway ends only at its 8 s limit, so a quick query that answers while the
    // runaway is still unsettled ran beside it; one that waited for its worker would answer after.
    let slowSettled = false;
    const slow = ds().execute({ sql: 'with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c', parameters: [] }, { timeoutMs: 8000, maxRows: 1 }).catch((e: unknown) => e);
    void slow.finally(() => (slowSettled = true));
    await expect(ds().execute({ sql: 'select 1 as one', parameters: [] }, { timeoutMs: 30_000, maxRows: 1 })).resolves.toMatchObject({ rows: [{ one: 1 }] });
    expect(slowSettled).toBe(false);
    await expect(slow).resolves.toMatchObject({ code: 'QUERY_TIMEOUT' });
  });

  it('introspects tables, types, primary and foreign keys', async () => {
    const tables = await ds().introspect();
    const orders = tables.find((t) => t.name === 'orders');
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['organisations', 'users', 'products', 'orders', 'reviews']));
    expect(orders?.columns.find((c) => c.name === 'id')).toMatchObject({ type: 'integer', primaryKey: true });
    expect(orders?.columns.find((c) => c.name === 'created_at')).toMatchObject({ type: 'datetime' });
    expect(orders?.columns.find((c) => c.name === 'subtotal')).toMatchObject({ type: 'number' });
    expect(orders?.foreignKeys).toEqual(expect.arrayContaining([{ column: 'product_id', referencedTable: 'products', referencedColumn: 'id' }]));
    await expect(ds().ping()).resolves.toBeUndefined();
  });

  it('names a missing or corrupt file', async () => {
    const missing = join(warehouse.location(), '..', 'nope.sqlite');
    await expect(openSqliteDataSource(missing)).rejects.toMatchObject({ code: 'DATASOURCE_UNAVAILABLE', message: expect.stringContaining(missing) });
    const corrupt = join(warehouse.location(), '..', 'corrupt.sqlite');
    writeFileSync(corrupt, 'this is not a database '.repeat(200));
    await expect(openSqliteDataSource(corrupt)).rejects.toMatchObject({ code: 'DATASOURCE_UNAVAILABLE', message: expect.stringContaining(corrupt) });
  });
});
