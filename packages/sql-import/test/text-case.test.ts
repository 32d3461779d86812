/**
 * SQL compares text with its letter case, a plan without (issue 40): on a real SQLite database shaped like
 * spider's bike_1 (whose weather.events holds both 'Fog' and 'fog'), a text comparison is refused naming
 * it where the column holds another case of its value, and accepted where it does not, with the SQL's rows.
 */
import { validatePlan, type ValidPlan } from '@askdata/core';
import { refuseCaseFoldedText, SqlImportError, sqlToPlan, TEXT_CASE_CLAUSE } from '../src';
import { onSqliteFixture } from './support/sqlite-fixture';

const fixture = onSqliteFixture('bike', `
  CREATE TABLE weather (id INTEGER PRIMARY KEY, date TEXT NOT NULL, events TEXT, city TEXT NOT NULL);
  INSERT INTO weather (date, events, city) VALUES
    ('2015-01-01', 'Fog', 'San Francisco'),
    ('2015-01-02', 'fog', 'Palo Alto'),
    ('2015-01-03', 'Rain', 'San Francisco'),
    ('2015-01-04', 'Fog-Rain', 'Palo Alto'),
    ('2015-01-05', 'Rain', 'Mountain View'),
    ('2015-01-06', NULL, 'San Francisco');
`);
const { scope } = fixture;

const validPlan = (sql: string): ValidPlan => validatePlan(sqlToPlan(sql, fixture.model).plan, fixture.model, { dialect: fixture.dataSource.dialect });

async function refusal(sql: string): Promise<SqlImportError> {
  try {
    await refuseCaseFoldedText(validPlan(sql), fixture.model, fixture.dataSource, scope());
  } catch (error) {
    if (error instanceof SqlImportError) return error;
    throw error;
  }
  throw new Error(`accepted: ${sql}`);
}

/** The plan's rows and the SQL's own, each as sorted JSON lines of their values. */
async function rowsOfBoth(sql: string): Promise<{ plan: string[]; sql: string[] }> {
  return { plan: await fixture.rowsOfPlan(validPlan(sql)), sql: fixture.sqlRows(sql) };
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
      await expect(refuseCaseFoldedText(validPlan(sql), fixture.model, fixture.dataSource, scope())).resolves.toBeUndefined();
      const both = await rowsOfBoth(sql);
      expect(both.plan).toEqual(both.sql);
      expect(both.sql.length).toBeGreaterThan(0);
    }
  });

  it('accepts LIKE and NOT LIKE over \'Fog\' and \'fog\' with the SQL\'s own rows, as SQLite\'s LIKE ignores case like the plan\'s contains', async () => {
    expect(fixture.dataSource.dialect.likeMatchesCase).toBe(false);
    for (const sql of ["SELECT date FROM weather WHERE events LIKE '%fog%'", "SELECT date FROM weather WHERE events NOT LIKE '%Fog%'"]) {
      await expect(refuseCaseFoldedText(validPlan(sql), fixture.model, fixture.dataSource, scope())).resolves.toBeUndefined();
      const both = await rowsOfBoth(sql);
      expect(both.plan).toEqual(both.sql);
      expect(both.sql.length).toBeGreaterThan(0);
    }
  });

  it('accepts an IN that names every case the column holds: the plan then matches what the SQL matches', async () => {
    const sql = "SELECT date FROM weather WHERE events IN ('Fog', 'fog')";
    await expect(refuseCaseFoldedText(validPlan(sql), fixture.model, fixture.dataSource, scope())).resolves.toBeUndefined();
    const both = await rowsOfBoth(sql);
    expect(both.plan).toEqual(both.sql);
  });
});
