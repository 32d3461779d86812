/**
 * A column of numbers kept as text: the SQL compares, sorts and shows the text, the plan the numbers. On a
 * real SQLite database, a statement is accepted with the SQL's own rows where the column's texts all spell
 * numbers (shown, summed) and, where it compares, sorts or groups them, sort as text as they do as numbers;
 * it is refused naming the column where they do not, or where the SQL's literal is not the number's one text.
 */
import { validatePlan } from '@askdata/core';
import { NUMBER_TEXT_CLAUSE, refuseNumbersAsText, refuseUncheckedNumbersAsText, SqlImportError, sqlToPlan } from '../src';
import { onSqliteFixture } from './support/sqlite-fixture';

const fixture = onSqliteFixture('store', `
    -- '10' sorts before '5' as text: sizes may be shown or summed, not sorted or compared.
    CREATE TABLE box (box_id INTEGER PRIMARY KEY, label TEXT NOT NULL, size TEXT);
    INSERT INTO box VALUES (1, 'small', '5'), (2, 'large', '10'), (3, 'huge', '20'), (4, 'tiny', NULL);
    -- Two digits each: text order is numeric order.
    CREATE TABLE crate (crate_id INTEGER PRIMARY KEY, label TEXT NOT NULL, weight TEXT NOT NULL);
    INSERT INTO crate VALUES (1, 'red', '12'), (2, 'blue', '30'), (3, 'green', '45'), (4, 'grey', '30');
    -- 'n/a' reads as no number to the plan, the SQL shows it.
    CREATE TABLE bin (bin_id INTEGER PRIMARY KEY, label TEXT NOT NULL, depth TEXT NOT NULL);
    INSERT INTO bin VALUES (1, 'top', '3'), (2, 'low', 'n/a');
  `);
const { scope } = fixture;
/** Numbers kept as text read as numbers, and rows in the order the query gave them. */
const cell = (value: unknown): unknown => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
const sqlRows = (sql: string): string[] => fixture.sqlRows(sql, { cell, ordered: true });

async function accepted(sql: string): Promise<string[]> {
  const plan = validatePlan(sqlToPlan(sql, fixture.model).plan, fixture.model, { dialect: fixture.dataSource.dialect, internal: true });
  await refuseNumbersAsText(plan, fixture.model, fixture.dataSource, scope());
  return fixture.rowsOfPlan(plan, { cell, ordered: true });
}

async function refusal(sql: string): Promise<unknown> {
  try {
    const plan = validatePlan(sqlToPlan(sql, fixture.model).plan, fixture.model, { dialect: fixture.dataSource.dialect, internal: true });
    await refuseNumbersAsText(plan, fixture.model, fixture.dataSource, scope());
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('a column of numbers stored as text', () => {
  it('is read as numbers by the model', () => {
    expect(fixture.model.entities.box?.fields.size?.storedAsText).toBe(true);
    expect(fixture.model.entities.crate?.fields.weight?.storedAsText).toBe(true);
    expect(fixture.model.entities.bin?.fields.depth?.storedAsText).toBe(true);
  });

  it('is carried where it is only shown or summed, with the SQL rows', async () => {
    for (const sql of ['SELECT label, size FROM box', 'SELECT sum(size) FROM box', 'SELECT avg(size), count(size) FROM box']) {
      expect((await accepted(sql)).sort()).toEqual(sqlRows(sql).sort());
    }
  });

  it('is carried where it is compared, sorted or grouped and text order is numeric order', async () => {
    for (const sql of ['SELECT label FROM crate WHERE weight > 20', "SELECT label FROM crate WHERE weight = '30'", 'SELECT label FROM crate WHERE weight BETWEEN 12 AND 30', 'SELECT weight, count(*) FROM crate GROUP BY weight', 'SELECT max(weight) FROM crate']) {
      expect((await accepted(sql)).sort()).toEqual(sqlRows(sql).sort());
    }
    const ordered = 'SELECT label FROM crate ORDER BY weight DESC, label';
    expect(await accepted(ordered)).toEqual(sqlRows(ordered));
  });

  it('is refused, naming the column, where text order is not numeric order', async () => {
    for (const sql of ['SELECT label FROM box ORDER BY size', 'SELECT label FROM box WHERE size > 7', 'SELECT max(size) FROM box', 'SELECT label FROM crate WHERE weight < 100']) {
      const error = await refusal(sql);
      expect(error).toBeInstanceOf(SqlImportError);
      expect(error).toMatchObject({ clause: NUMBER_TEXT_CLAUSE });
    }
  });

  it('is refused where a text spells no number, even shown', async () => {
    expect(await refusal('SELECT label, depth FROM bin')).toMatchObject({ clause: NUMBER_TEXT_CLAUSE });
  });

  it("is refused where the SQL's literal is not its number's one text", async () => {
    for (const sql of ["SELECT label FROM crate WHERE weight = '030'", "SELECT label FROM crate WHERE weight = '30.0'", 'SELECT label FROM crate WHERE weight = 30.5']) {
      expect(() => sqlToPlan(sql, fixture.model)).toThrow(expect.objectContaining({ clause: NUMBER_TEXT_CLAUSE }));
    }
  });

  it('is refused in arithmetic inside an aggregate', () => {
    expect(() => sqlToPlan('SELECT sum(weight * 2) FROM crate', fixture.model)).toThrow(expect.objectContaining({ clause: NUMBER_TEXT_CLAUSE }));
  });

  it('is refused outright where no one tenant can be asked', () => {
    const plan = validatePlan(sqlToPlan('SELECT label, size FROM box', fixture.model).plan, fixture.model, { internal: true });
    expect(() => refuseUncheckedNumbersAsText(plan, fixture.model)).toThrow(expect.objectContaining({ clause: NUMBER_TEXT_CLAUSE }));
    const other = validatePlan(sqlToPlan('SELECT label FROM box', fixture.model).plan, fixture.model, { internal: true });
    expect(() => refuseUncheckedNumbersAsText(other, fixture.model)).not.toThrow();
  });
});
