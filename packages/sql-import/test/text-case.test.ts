/**
 * SQL compares text with its letter case, a plan without (issue 40): on a real SQLite database shaped like
 * spider's bike_1 (whose weather.events holds both 'Fog' and 'fog'), a text comparison is refused naming
 * it where the column holds another case of its value, and accepted where it does not, with the SQL's rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { compileQuery, introspectModel, resolveTenantScope, scopePlan, validatePlan, type DataSource, type SemanticModel, type ValidPlan } from '@askdata/core';
import { openSqliteDataSource } from '@askdata/datasource-sqlite';
import { refuseCaseFoldedText, SqlImportError, sqlToPlan, TEXT_CASE_CLAUSE } from '../src';

const dir = mkdtempSync(join(tmpdir(), 'askdata-text-case-'));
const path = join(dir, 'bike.sqlite');
let dataSource: DataSource;
let model: SemanticModel;

beforeAll(async () => {
  const db = new Database(path);
  db.exec('CREATE TABLE weather (id INTEGER PRIMARY KEY, date TEXT NOT NULL, events TEXT, city TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO weather (date, events, city) VALUES (?, ?, ?)');
  const rows: Array<[string, string | null, string]> = [
    ['2015-01-01', 'Fog', 'San Francisco'],
    ['2015-01-02', 'fog', 'Palo Alto'],
    ['2015-01-03', 'Rain', 'San Francisco'],
    ['2015-01-04', 'Fog-Rain', 'Palo Alto'],
    ['2015-01-05', 'Rain', 'Mountain View'],
    ['2015-01-06', null, 'San Francisco'],
  ];
  for (const row of rows) insert.run(...row);
  db.close();
  dataSource = await openSqliteDataSource(path);
  model = await introspectModel(dataSource, { tenancy: 'none' });
});

afterAll(async () => {
  await dataSource?.close();
  rmSync(dir, { recursive: true, force: true });
});

const validPlan = (sql: string): ValidPlan => validatePlan(sqlToPlan(sql, model).plan, model, { dialect: dataSource.dialect });
const scope = () => resolveTenantScope(model, {});

async function refusal(sql: string): Promise<SqlImportError> {
  try {
    await refuseCaseFoldedText(validPlan(sql), model, dataSource, scope());
  } catch (error) {
    if (error instanceof SqlImportError) return error;
    throw error;
  }
  throw new Error(`accepted: ${sql}`);
}

/** The plan's rows and the SQL's own, each as sorted JSON lines of their values. */
async function rowsOfBoth(sql: string): Promise<{ plan: string[]; sql: string[] }> {
  const query = compileQuery(scopePlan(validPlan(sql), model, scope()), model, dataSource.dialect, { maxRows: 1000 });
  const planRows = (await dataSource.execute(query, { timeoutMs: 10_000, maxRows: 1000 })).rows;
  const db = new Database(path, { readonly: true });
  try {
    const sqlRows = db.prepare(sql).all() as Array<Record<string, unknown>>;
    const lines = (rows: Array<Record<string, unknown>>): string[] => rows.map((row) => JSON.stringify(Object.values(row))).sort();
    return { plan: lines(planRows), sql: lines(sqlRows) };
  } finally {
    db.close();
  }
}

describe('text compared by letter case (refuseCaseFoldedText)', () => {
  it('refuses bike_1\'s EVENTS != \'Fog\' naming the comparison, because the column also holds \'fog\'', async () => {
    const error = await refusal("SELECT date FROM weather WHERE EVENTS != 'Fog'");
    expect(error.clause).toBe(TEXT_CASE_CLAUSE);
    expect(error.message).toContain("weather.events != 'Fog'");
    expect(error.message).toContain("'Fog' also matches 'fog' in weather.events");
  });

  it('refuses =, IN and NOT IN the same way, wherever the comparison sits', async () => {
    expect((await refusal("SELECT count(*) FROM weather WHERE events = 'fog'")).message).toContain("'fog' also matches 'Fog' in weather.events");
    expect((await refusal("SELECT date FROM weather WHERE events IN ('Rain', 'Fog')")).message).toContain("weather.events IN ('Rain', 'Fog')");
    expect((await refusal("SELECT date FROM weather WHERE events NOT IN ('Fog')")).clause).toBe(TEXT_CASE_CLAUSE);
  });

  it('accepts a comparison whose column holds no other case of its values, with the SQL\'s own rows', async () => {
    for (const sql of ["SELECT date FROM weather WHERE city = 'Palo Alto'", "SELECT date FROM weather WHERE city != 'San Francisco'", "SELECT count(*) FROM weather WHERE events = 'Rain'"]) {
      await expect(refuseCaseFoldedText(validPlan(sql), model, dataSource, scope())).resolves.toBeUndefined();
      const both = await rowsOfBoth(sql);
      expect(both.plan).toEqual(both.sql);
      expect(both.sql.length).toBeGreaterThan(0);
    }
  });

  it('accepts LIKE and NOT LIKE over \'Fog\' and \'fog\' with the SQL\'s own rows, as SQLite\'s LIKE ignores case like the plan\'s contains', async () => {
    expect(dataSource.dialect.likeMatchesCase).toBe(false);
    for (const sql of ["SELECT date FROM weather WHERE events LIKE '%fog%'", "SELECT date FROM weather WHERE events NOT LIKE '%Fog%'"]) {
      await expect(refuseCaseFoldedText(validPlan(sql), model, dataSource, scope())).resolves.toBeUndefined();
      const both = await rowsOfBoth(sql);
      expect(both.plan).toEqual(both.sql);
      expect(both.sql.length).toBeGreaterThan(0);
    }
  });

  it('accepts an IN that names every case the column holds: the plan then matches what the SQL matches', async () => {
    const sql = "SELECT date FROM weather WHERE events IN ('Fog', 'fog')";
    await expect(refuseCaseFoldedText(validPlan(sql), model, dataSource, scope())).resolves.toBeUndefined();
    const both = await rowsOfBoth(sql);
    expect(both.plan).toEqual(both.sql);
  });
});
