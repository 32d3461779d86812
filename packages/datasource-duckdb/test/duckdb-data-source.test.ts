/**
 * The DuckDB data source on a .duckdb file holding the generated demo warehouse with DuckDB's own types
 * (TIMESTAMP, DECIMAL): compiled plans against hand-written SQL, composite measures and related filters,
 * then what the adapter itself guarantees: read-only, the statement time limit, the row cap, bound values,
 * value conversion and introspection.
 */
import { booleanSuite, compositeSuite, executionSuite, onDemoWarehouse, relatedSuite, vsAggregateSuite } from '@askdata/conformance';
import { duckdbUnderTest } from './duckdb-under-test';

const warehouse = onDemoWarehouse(duckdbUnderTest, 'core_datasource');
const ds = warehouse.dataSource;
const opts = { timeoutMs: 5000, maxRows: 10 };

describe('DuckDB data source: compiled plans vs hand-written SQL', () => {
  executionSuite(ds);
});
describe('DuckDB: composite measures and plan features vs hand-written SQL', () => {
  compositeSuite(ds);
});
describe('DuckDB: related filters, having, ties and distinct lists vs hand-written SQL', () => {
  relatedSuite(ds);
});
describe('DuckDB: comparisons with an aggregate vs hand-written SQL', () => {
  vsAggregateSuite(ds);
});

describe('DuckDB: both / either / neither / but not, and OR and NOT between conditions, vs hand-written SQL', () => {
  booleanSuite(ds);
});

const count = async (): Promise<number> => Number((await ds().execute({ sql: 'select count(*) as n from organisations', parameters: [] }, opts)).rows[0]?.n);

describe('DuckDB data source', () => {
  it.each([
    ['insert ... returning', "insert into organisations (id, name, created_at) values (999, 'intruder', '2026-01-01') returning id"],
    ['update ... returning', "update organisations set name = 'owned' returning id"],
    ['delete ... returning', 'delete from organisations returning id'],
    ['a second statement', 'select 1; delete from organisations'],
    ['a schema change', 'create table t (x integer)'],
    ['attaching another file', "attach '/tmp/askdata-duckdb-attach.duckdb' as other"],
  ])('refuses %s, and the data is unchanged', async (_label, sql) => {
    const before = await count();
    await expect(ds().execute({ sql, parameters: [] }, opts)).rejects.toMatchObject({ code: expect.stringMatching(/^(FORBIDDEN|INTERNAL)$/) });
    expect(await count()).toBe(before);
    expect(before).toBeGreaterThan(0);
  });

  it('cannot read another file, load an extension or unlock the configuration', async () => {
    for (const sql of ["select * from read_csv('/etc/passwd')", "select * from read_text('/etc/hostname')", "select * from read_parquet('/etc/hostname')", "select * from read_csv('https://example.com/x.csv')"]) {
      await expect(ds().execute({ sql, parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    // A file name in place of a table (a "replacement scan") is not a table of this database.
    await expect(ds().execute({ sql: "select * from '/etc/hostname'", parameters: [] }, opts)).rejects.toMatchObject({ code: 'DATASOURCE_UNAVAILABLE' });
    await expect(ds().execute({ sql: "select * from duckdb_settings() where name = 'lock_configuration' and value = 'false'", parameters: [] }, opts)).resolves.toMatchObject({ rows: [] });
    await expect(ds().execute({ sql: "select current_setting('enable_external_access') as external, current_setting('lock_configuration') as locked, current_setting('autoload_known_extensions') as autoload", parameters: [] }, opts)).resolves.toMatchObject({
      rows: [{ external: false, locked: true, autoload: false }],
    });
  });

  it('interrupts a query at its time limit (QUERY_TIMEOUT), then keeps serving', async () => {
    // A hundred billion rows: it would not finish within the test's own timeout, so the rejection proves the interrupt.
    const slow = 'select count(*) as n from range(100000000000) a where a.range % 7 = 3';
    await expect(ds().execute({ sql: slow, parameters: [] }, { timeoutMs: 200, maxRows: 1 })).rejects.toMatchObject({ code: 'QUERY_TIMEOUT' });
    expect(await count()).toBeGreaterThan(0);
  });

  it('binds values: text that looks like SQL is only ever a value', async () => {
    const { rows } = await ds().execute({ sql: 'select count(*) as n from organisations where name = $1 or id = $2', parameters: ["x' or 1=1 --", 1] }, opts);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('converts decimals, bigints, timestamps and dates to numbers and ISO strings', async () => {
    const { rows } = await ds().execute({ sql: "select 12.50::decimal(12,2) as money, count(*) as n, timestamptz '2025-03-04T05:06:07Z' as at, timestamp '2025-03-04 05:06:07' as naive, date '2025-03-04' as day, 12345678901234567890::hugeint as huge from orders", parameters: [] }, opts);
    expect(rows[0]).toEqual({ money: 12.5, n: expect.any(Number), at: '2025-03-04T05:06:07.000Z', naive: '2025-03-04T05:06:07.000Z', day: '2025-03-04', huge: '12345678901234567890' });
  });

  it('caps rows even when the query has no limit', async () => {
    const result = await ds().execute({ sql: 'select id from orders order by id', parameters: [] }, { timeoutMs: 5000, maxRows: 3 });
    expect(result).toMatchObject({ truncated: true });
    expect(result.rows).toHaveLength(3);
  });

  it('introspects tables, types and declared keys', async () => {
    const tables = await ds().introspect();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['orders', 'products', 'users', 'organisations', 'reviews']));
    const orders = tables.find((t) => t.name === 'orders');
    expect(orders?.columns.find((c) => c.name === 'created_at')).toMatchObject({ type: 'datetime', nativeType: 'TIMESTAMP' });
    expect(orders?.columns.find((c) => c.name === 'subtotal')).toMatchObject({ type: 'number' });
    expect(orders?.columns.find((c) => c.name === 'id')).toMatchObject({ type: 'integer', primaryKey: true, nullable: false });
    expect(orders?.foreignKeys).toEqual(expect.arrayContaining([{ column: 'product_id', referencedTable: 'products', referencedColumn: 'id' }]));
    expect(orders?.rowCountEstimate).toBeGreaterThan(0);
    await expect(ds().ping()).resolves.toBeUndefined();
  });
});
