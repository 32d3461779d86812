/**
 * The PostgreSQL data source on a real database (shared harness: a fresh database per file) holding the
 * generated demo warehouse with real PostgreSQL types (timestamptz, numeric): results, isolation,
 * read-only transactions, statement timeout, value conversion and unavailability.
 */
import { executionSuite, onDemoWarehouse } from '@askdata/conformance';
import { openPostgresDataSource } from '../src/index';
import { postgresUnderTest } from './postgres-under-test';

const warehouse = onDemoWarehouse(postgresUnderTest, 'core_datasource');
const ds = warehouse.dataSource;

describe('PostgreSQL data source: compiled plans vs hand-written SQL', () => {
  executionSuite(ds);
});

describe('PostgreSQL data source', () => {
  const opts = { timeoutMs: 5000, maxRows: 10 };

  it('runs every query in a read-only transaction', async () => {
    await expect(ds().execute({ sql: "select current_setting('transaction_read_only') as ro", parameters: [] }, opts)).resolves.toMatchObject({ rows: [{ ro: 'on' }] });
    const before = (await ds().execute({ sql: 'select count(*) as n from orders', parameters: [] }, opts)).rows[0]?.n;
    // The cap wraps queries in a subselect, so a smuggled statement is a syntax error; the transaction would refuse it anyway.
    await expect(ds().execute({ sql: 'delete from orders returning id', parameters: [] }, opts)).rejects.toMatchObject({ code: expect.stringMatching(/INTERNAL|FORBIDDEN/) });
    await expect(ds().execute({ sql: 'select 1; delete from orders', parameters: [] }, opts)).rejects.toMatchObject({ code: 'INTERNAL' });
    const after = (await ds().execute({ sql: 'select count(*) as n from orders', parameters: [] }, opts)).rows[0]?.n;
    expect(after).toBe(before);
    expect(before).toBeGreaterThan(0);
  });

  it('applies the statement timeout: pg_sleep -> QUERY_TIMEOUT, then keeps serving', async () => {
    // pg_sleep(5) would return a row at 5 s: the rejection alone proves the statement was cut at its limit.
    await expect(ds().execute({ sql: 'select pg_sleep(5) as slept', parameters: [] }, { timeoutMs: 200, maxRows: 1 })).rejects.toMatchObject({ code: 'QUERY_TIMEOUT' });
    await expect(ds().execute({ sql: "select current_setting('statement_timeout') as t", parameters: [] }, { timeoutMs: 1234, maxRows: 1 })).resolves.toMatchObject({ rows: [{ t: '1234ms' }] });
  });

  it('cancels a running statement when its signal aborts, and keeps serving', async () => {
    const leaving = new AbortController();
    const running = ds().execute({ sql: 'select pg_sleep(600) as slept', parameters: [] }, { timeoutMs: 600_000, maxRows: 1, signal: leaving.signal });
    // Once the statement is running on the server, leave.
    const admin = await openPostgresDataSource(warehouse.location());
    try {
      for (;;) {
        const { rows } = await admin.execute({ sql: "select count(*) as n from pg_stat_activity where query like '%pg_sleep(600)%' and state = 'active' and pid <> pg_backend_pid()", parameters: [] }, { timeoutMs: 5000, maxRows: 1 });
        if (Number(rows[0]?.n) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      leaving.abort(new Error('caller left'));
      await expect(running).rejects.toThrow('caller left');
      for (;;) {
        const { rows } = await admin.execute({ sql: "select count(*) as n from pg_stat_activity where query like '%pg_sleep(600)%' and state = 'active' and pid <> pg_backend_pid()", parameters: [] }, { timeoutMs: 5000, maxRows: 1 });
        if (Number(rows[0]?.n) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await admin.close();
    }
    await expect(ds().execute({ sql: 'select 1 as one', parameters: [] }, { timeoutMs: 2000, maxRows: 1 })).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  it('converts numeric, bigint and timestamps to numbers and ISO strings', async () => {
    const { rows } = await ds().execute({ sql: "select 12.50::numeric(12,2) as money, count(*) as n, '2025-03-04T05:06:07Z'::timestamptz as at, '2025-03-04 05:06:07'::timestamp as naive, '2025-03-04'::date as day, 12345678901234567890::numeric as huge from orders", parameters: [] }, opts);
    expect(rows[0]).toEqual({ money: 12.5, n: expect.any(Number), at: '2025-03-04T05:06:07.000Z', naive: '2025-03-04T05:06:07.000Z', day: '2025-03-04', huge: '12345678901234567890' });
  });

  it('caps rows even when the query has no limit', async () => {
    const result = await ds().execute({ sql: 'select id from orders order by id', parameters: [] }, { timeoutMs: 5000, maxRows: 3 });
    expect(result.truncated).toBe(true);
    expect(result.rows).toHaveLength(3);
  });

  it('introspects the current schema', async () => {
    const tables = await ds().introspect();
    const orders = tables.find((t) => t.name === 'orders');
    expect(orders).toMatchObject({ schema: 'public' });
    expect(orders?.columns.find((c) => c.name === 'created_at')).toMatchObject({ type: 'datetime', nativeType: 'timestamp with time zone' });
    expect(orders?.columns.find((c) => c.name === 'subtotal')).toMatchObject({ type: 'number' });
    expect(orders?.columns.find((c) => c.name === 'id')).toMatchObject({ type: 'integer', primaryKey: true, nullable: false });
    expect(orders?.foreignKeys).toEqual(expect.arrayContaining([{ column: 'product_id', referencedTable: 'products', referencedColumn: 'id' }]));
    expect(tables.some((t) => t.schema === 'pg_catalog' || t.schema === 'information_schema')).toBe(false);
    await expect(ds().ping()).resolves.toBeUndefined();
  });

  it('reports an unreachable server as DATASOURCE_UNAVAILABLE without leaking the password', async () => {
    const down = await openPostgresDataSource('postgres://someone:s3cret@127.0.0.1:1/nowhere', { connectTimeoutMs: 1000 });
    expect(down.description).not.toContain('s3cret');
    // The database's name, which a 503 repeats to the caller; the host and the user stay out of details.
    await expect(down.execute({ sql: 'select 1', parameters: [] }, opts)).rejects.toMatchObject({ code: 'DATASOURCE_UNAVAILABLE', details: { dataSource: 'nowhere' } });
    await down.close();
  });
});
