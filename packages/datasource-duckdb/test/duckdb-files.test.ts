/**
 * DuckDB over the files people arrive with: one CSV, one Parquet file, a folder of both (each file a
 * table), and `duckdb:` URLs. A malformed CSV fails at open with `<file>:<line>:<column>: <reason>`; once
 * open, a query reads only those files (no other file, no network) and nothing it runs changes them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DataSource } from '@askdata/core';
import { isDuckdbUrl, openDuckdbDataSource } from '../src/index';

let dir: string;
const opts = { timeoutMs: 5000, maxRows: 100 };
const SALES = 'id,region,amount,sold_at\n1,North,10.50,2025-01-02T10:00:00Z\n2,South,20.00,2025-02-03T11:00:00Z\n3,North,5.25,2025-02-04T00:00:00Z\n';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-duckdb-files-'));
  writeFileSync(join(dir, 'sales.csv'), SALES);
  writeFileSync(join(dir, 'secret.csv'), 'token\nhunter2\n');
  mkdirSync(join(dir, 'exports'));
  writeFileSync(join(dir, 'exports', 'regions.csv'), 'region;manager\nNorth;Ada\nSouth;Grace\n');
  writeFileSync(join(dir, 'exports', 'notes.txt'), 'not a table');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(`copy (select * from (values (1, 'North', 10.5), (2, 'South', 20.0)) as t(id, region, amount)) to '${join(dir, 'exports', 'sales.parquet')}' (format parquet)`);
  connection.closeSync();
  instance.closeSync();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function withSource<T>(url: string, work: (ds: DataSource) => Promise<T>): Promise<T> {
  const ds = await openDuckdbDataSource(url);
  try {
    return await work(ds);
  } finally {
    await ds.close();
  }
}

describe('DuckDB over files', () => {
  it('knows its URLs: duckdb:, and paths ending in .duckdb, .csv or .parquet', () => {
    expect(['duckdb:./exports/', './sales.csv', '/data/x.PARQUET', 'warehouse.duckdb'].map(isDuckdbUrl)).toEqual([true, true, true, true]);
    expect(['./demo.sqlite', 'postgres://h/db', 'file:./x.db'].map(isDuckdbUrl)).toEqual([false, false, false]);
  });

  it('reads a CSV file as one table named after it, with the types DuckDB sniffed', async () => {
    await withSource(join(dir, 'sales.csv'), async (ds) => {
      const [table] = await ds.introspect();
      expect(table?.name).toBe('sales');
      expect(table?.columns.map((c) => [c.name, c.type])).toEqual([['id', 'integer'], ['region', 'string'], ['amount', 'number'], ['sold_at', 'datetime']]);
      const { rows } = await ds.execute({ sql: 'select region, sum(amount) as total from sales where sold_at >= cast($1 as timestamp) group by region order by region', parameters: ['2025-01-01T00:00:00Z'] }, opts);
      expect(rows).toEqual([{ region: 'North', total: 15.75 }, { region: 'South', total: 20 }]);
    });
  });

  it('reads a folder (duckdb: URL): each CSV or Parquet file a table, other files ignored', async () => {
    await withSource(`duckdb:${join(dir, 'exports')}`, async (ds) => {
      const tables = await ds.introspect();
      expect(tables.map((t) => [t.name, t.rowCountEstimate])).toEqual([['regions', 2], ['sales', 2]]);
      const { rows } = await ds.execute({ sql: 'select r.manager, s.amount from sales s join regions r on r.region = s.region order by s.id', parameters: [] }, opts);
      expect(rows).toEqual([{ manager: 'Ada', amount: 10.5 }, { manager: 'Grace', amount: 20 }]);
    });
  });

  it('reads only the files it was opened on: not a neighbour, and not over the network', async () => {
    await withSource(join(dir, 'sales.csv'), async (ds) => {
      for (const sql of [`select * from read_csv('${join(dir, 'secret.csv')}')`, `select * from read_text('${join(dir, 'secret.csv')}')`, "select * from read_csv('http://127.0.0.1:9/x.csv')"]) {
        await expect(ds.execute({ sql, parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      }
      await expect(ds.execute({ sql: "select * from duckdb_settings() where name in ('enable_external_access', 'lock_configuration', 'autoinstall_known_extensions')", parameters: [] }, opts)).resolves.toMatchObject({
        rows: expect.arrayContaining([expect.objectContaining({ name: 'enable_external_access', value: 'false' }), expect.objectContaining({ name: 'lock_configuration', value: 'true' })]),
      });
      await expect(ds.execute({ sql: 'delete from sales returning id', parameters: [] }, opts)).rejects.toMatchObject({ code: expect.stringMatching(/^(FORBIDDEN|INTERNAL)$/) });
    });
    await withSource(`duckdb:${join(dir, 'exports')}`, async (ds) => {
      await expect(ds.execute({ sql: `select * from read_csv('${join(dir, 'sales.csv')}')`, parameters: [] }, opts)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });
    expect(readFileSync(join(dir, 'sales.csv'), 'utf8')).toBe(SALES);
  });

  it.each([
    ['a row with too many fields', 'id,region,amount\n1,North,10.5\n2,South,20,extra\n', 3, 12, /Expected Number of Columns: 3 Found: 4/],
    ['a row with too few fields', 'id,region,amount\n1,North,10.5\n2,South,20\n3,North\n', 4, 8, /Expected Number of Columns: 3 Found: 2/],
    ['an unterminated quote', 'id,region,amount\n1,North,10.5\n2,"South,20\n', 3, 4, /unterminated quote/],
    ['a value that is not of its column\'s type, after the sniffer\'s sample', `id,amount\n${Array.from({ length: 30_000 }, (_, i) => `${i},${i}`).join('\n')}\n30000,abc\n`, 30_002, 7, /Could not convert string "abc"/],
  ])('refuses a malformed CSV at open with <file>:<line>:<column>: <reason> (%s)', async (_label, text, line, column, reason) => {
    const file = join(dir, `bad-${line}-${column}.csv`);
    writeFileSync(file, text);
    const error = await openDuckdbDataSource(file).then(
      async (ds) => {
        await ds.close();
        return undefined;
      },
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'DATASOURCE_UNAVAILABLE' });
    const message = (error as Error).message;
    expect(message.startsWith(`${file}:${line}:${column}: `)).toBe(true);
    expect(message.slice(`${file}:${line}:${column}: `.length)).toMatch(reason);
  });

  it('refuses a missing path, an empty folder and a file that is not what its name says', async () => {
    await expect(openDuckdbDataSource(join(dir, 'nope.csv'))).rejects.toMatchObject({ code: 'DATASOURCE_UNAVAILABLE', message: expect.stringContaining('nope.csv') });
    mkdirSync(join(dir, 'empty'));
    await expect(openDuckdbDataSource(`duckdb:${join(dir, 'empty')}`)).rejects.toMatchObject({ code: 'DATASOURCE_UNAVAILABLE', message: expect.stringContaining('no .csv or .parquet') });
    writeFileSync(join(dir, 'fake.parquet'), 'id,x\n1,2\n');
    await expect(openDuckdbDataSource(join(dir, 'fake.parquet'))).rejects.toMatchObject({ code: 'DATASOURCE_UNAVAILABLE', message: expect.stringMatching(/fake\.parquet:1:1: /) });
    writeFileSync(join(dir, 'fake.duckdb'), 'not a database');
    await expect(openDuckdbDataSource(join(dir, 'fake.duckdb'))).rejects.toMatchObject({ code: 'DATASOURCE_UNAVAILABLE', message: expect.stringContaining('fake.duckdb') });
  });
});
