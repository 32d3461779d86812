/**
 * The MySQL data source on a real MariaDB (shared harness: a fresh database per file) holding the
 * generated demo warehouse with real MySQL types (datetime(3), decimal): results, read-only
 * transactions, the statement time limit, the row cap, value conversion, introspection and unavailability.
 */
import { createConnection } from 'mysql2/promise';
import type { QueryPlanInput } from '@askdata/core';
import { executionSuite, hand, onDemoWarehouse, rounded, runPlan } from '@askdata/conformance';
import { openMysqlDataSource } from '../src/index';
import { mysqlUnderTest } from './mysql-under-test';

/** Column and table comments for introspection, and a table of the types the demo warehouse lacks. */
async function addCommentsAndMoments(url: string): Promise<void> {
  const admin = await createConnection({ uri: url, multipleStatements: true });
  try {
    await admin.query(
      "alter table orders modify subtotal decimal(12,2) not null comment 'Order value before discount, in the shop currency.'; " +
        "alter table orders comment 'One row per order.'; " +
        'create table moments (id int primary key, at timestamp(3) null, day date null, huge decimal(30,0) null, flag tinyint(1) null, code varchar(20) null, unique key (code))',
    );
  } finally {
    await admin.end();
  }
}

const warehouse = onDemoWarehouse(mysqlUnderTest, 'core_datasource', { prepare: addCommentsAndMoments });
const ds = warehouse.dataSource;

describe('MariaDB data source: compiled plans vs hand-written SQL', () => {
  executionSuite(ds);
});

describe('MariaDB data source', () => {
  const opts = { timeoutMs: 5000, maxRows: 10 };

  it('runs every query in a read-only transaction: writes are refused and change nothing', async () => {
    await expect(ds().execute({ sql: 'select @@session.tx_read_only as ro', parameters: [] }, opts)).resolves.toMatchObject({ rows: [{ ro: 1 }] });
    const before = (await ds().execute({ sql: 'select count(*) as n from orders', parameters: [] }, opts)).rows[0]?.n;
    await expect(ds().execute({ sql: 'delete from orders', parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(ds().execute({ sql: 'insert into moments (id) values (?)', parameters: [1] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(ds().execute({ sql: 'select 1; delete from orders', parameters: [] }, opts)).rejects.toMatchObject({ code: 'INTERNAL' });
    const after = (await ds().execute({ sql: 'select count(*) as n from orders', parameters: [] }, opts)).rows[0]?.n;
    expect(after).toBe(before);
    expect(before).toBeGreaterThan(0);
  });

  it('applies the statement time limit: sleep -> QUERY_TIMEOUT, then keeps serving with its own limit', async () => {
    // sleep(5) would return a row at 5 s: the rejection alone proves the statement was cut at its limit.
    await expect(ds().execute({ sql: 'select sleep(5) as slept', parameters: [] }, { timeoutMs: 300, maxRows: 1 })).rejects.toMatchObject({ code: 'QUERY_TIMEOUT' });
    await expect(ds().execute({ sql: 'select @@max_statement_time as t, @@time_zone as tz', parameters: [] }, { timeoutMs: 1234, maxRows: 1 })).resolves.toMatchObject({ rows: [{ t: 1.234, tz: '+00:00' }] });
  });

  it('converts decimal, bigint, date-times and dates to numbers and ISO strings in UTC', async () => {
    const { rows } = await ds().execute(
      {
        sql: "select cast(12.50 as decimal(12,2)) as money, count(*) as n, cast('2025-03-04 05:06:07' as datetime) as naive, cast('2025-03-04' as date) as day, cast(12345678901234567890 as decimal(30,0)) as huge, avg(quantity) as mean from orders",
        parameters: [],
      },
      opts,
    );
    expect(rows[0]).toEqual({ money: 12.5, n: expect.any(Number), naive: '2025-03-04T05:06:07.000Z', day: '2025-03-04', huge: '12345678901234567890', mean: expect.any(Number) });
  });

  it('reads a TIMESTAMP in UTC whatever zone the session had', async () => {
    const admin = await createConnection({ uri: warehouse.location() });
    try {
      await admin.query("set time_zone = 'Europe/Berlin'");
      await admin.query("insert into moments (id, at) values (1, '2025-06-01 02:00:00')"); // 00:00 UTC
      const [berlin] = await admin.query("select date_format(at, '%H') as h from moments where id = 1");
      expect(berlin).toEqual([{ h: '02' }]);
    } finally {
      await admin.end();
    }
    const { rows } = await ds().execute({ sql: "select at, date_format(at, '%Y-%m-%d %H') as h from moments where id = ?", parameters: [1] }, opts);
    expect(rows).toEqual([{ at: '2025-06-01T00:00:00.000Z', h: '2025-06-01 00' }]);
  });

  it('orders by a measure ascending with NULLs last (the aggregate is tested for NULL, its alias cannot be)', async () => {
    const plan: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }], dimensions: [{ field: { entity: 'products', field: 'category' } }], orderBy: [{ target: 'measure', index: 0, direction: 'asc' }], limit: 3 };
    for (const org of [1, 2]) {
      const result = await runPlan(ds(), plan, org);
      const expected = await hand(ds(), 'select p.category, sum(o.subtotal - o.discount) as r from orders o join products p on p.id = o.product_id where o.organisation_id = :org group by p.category order by r asc, p.category limit 3', org);
      expect(result.rows).toHaveLength(3);
      expect(rounded(result.rows)).toEqual(rounded(expected));
    }
  });

  it('caps rows even when the query has no limit, or a larger one, and keeps its order', async () => {
    const all = (await ds().execute({ sql: 'select id from orders order by id desc limit 5', parameters: [] }, opts)).rows;
    const noLimit = await ds().execute({ sql: 'select id from orders order by id desc', parameters: [] }, { timeoutMs: 5000, maxRows: 3 });
    expect(noLimit).toEqual({ rows: all.slice(0, 3), truncated: true });
    const largerLimit = await ds().execute({ sql: 'select id from orders order by id desc limit ?', parameters: [1000] }, { timeoutMs: 5000, maxRows: 3 });
    expect(largerLimit).toEqual({ rows: all.slice(0, 3), truncated: true });
  });

  it('introspects the database: types, keys and comments as descriptions', async () => {
    const tables = await ds().introspect();
    const orders = tables.find((t) => t.name === 'orders');
    expect(orders).toMatchObject({ comment: 'One row per order.', rowCountEstimate: expect.any(Number) });
    expect(orders?.columns.find((c) => c.name === 'created_at')).toMatchObject({ type: 'datetime', nativeType: 'datetime(3)' });
    expect(orders?.columns.find((c) => c.name === 'subtotal')).toMatchObject({ type: 'number', comment: 'Order value before discount, in the shop currency.' });
    expect(orders?.columns.find((c) => c.name === 'id')).toMatchObject({ type: 'integer', primaryKey: true, nullable: false });
    expect(orders?.foreignKeys).toEqual(expect.arrayContaining([{ column: 'product_id', referencedTable: 'products', referencedColumn: 'id' }]));
    const moments = tables.find((t) => t.name === 'moments');
    expect(moments?.columns.map((c) => [c.name, c.type, c.unique ?? false])).toEqual([
      ['id', 'integer', false],
      ['at', 'datetime', false],
      ['day', 'date', false],
      ['huge', 'number', false],
      ['flag', 'boolean', false],
      ['code', 'string', true],
    ]);
    expect(tables.some((t) => ['mysql', 'information_schema', 'performance_schema'].includes(t.schema ?? ''))).toBe(false);
    await expect(ds().ping()).resolves.toBeUndefined();
  });

  it('warns that the root user can write', async () => {
    const warnings = await ds().privilegeWarnings?.();
    expect(warnings?.join('\n')).toMatch(/every database/);
  });

  it('reports an unreachable server as DATASOURCE_UNAVAILABLE without leaking the password', async () => {
    const down = await openMysqlDataSource('mariadb://someone:s3cret@127.0.0.1:1/nowhere', { connectTimeoutMs: 1000 });
    expect(down.description).not.toContain('s3cret');
    const failure = down.execute({ sql: 'select 1', parameters: [] }, opts);
    // The database's name, which a 503 repeats to the caller; the host and the user stay out of details.
    await expect(failure).rejects.toMatchObject({ code: 'DATASOURCE_UNAVAILABLE', details: { dataSource: 'nowhere' } });
    await expect(failure).rejects.not.toThrow(/s3cret/);
    await down.close();
  });
});
