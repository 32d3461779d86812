/**
 * Words of a table's own name used as modifiers ("nuclear" in "the most common nuclear reactor model" over
 * nuclear_power_plants) are understood when the plan reads that table; the same word with a plan that
 * reads another table is not, and a word of a column's name is never taken as a mere label. A ranking
 * of a category leaves out rows with no value of it.
 */
import { tinyDatabase, type TinyDatabase } from './tiny-database';

let db: TinyDatabase;

beforeAll(async () => {
  db = await tinyDatabase([
    'CREATE TABLE nuclear_power_plants (id INTEGER PRIMARY KEY, name TEXT, country TEXT, reactor_model TEXT)',
    "INSERT INTO nuclear_power_plants VALUES (1,'A-1','France','VVER'),(2,'B-2','France','PWR'),(3,'C-3','Japan','PWR'),(4,'D-4','Japan',''),(5,'E-5','Chile',''),(6,'F-6','Chile','')",
    'CREATE TABLE matches (id INTEGER PRIMARY KEY, home_goals INTEGER, away_goals INTEGER)',
    'INSERT INTO matches VALUES (1,2,1),(2,0,0)',
  ]);
});
afterAll(async () => db.close());

describe('words of a table name', () => {
  it('understands "nuclear" when the plan reads the nuclear power plants', async () => {
    const answer = await db.ask('number of plants by nuclear reactor model');
    expect(answer.planned).toBe(true);
    expect(answer.chart?.data).toEqual(expect.arrayContaining([{ label: 'PWR', value: 2 }, { label: 'VVER', value: 1 }]));
  });

  it('ranks only models that are there: the empty model of three plants is no "most used" model', async () => {
    const answer = await db.ask("What's the most used nuclear reactor model?");
    expect(answer.planned).toBe(true);
    expect(answer.message).toContain('PWR');
    expect(JSON.stringify(answer)).not.toContain('(none)');
  });

  it('does not take "nuclear" as understood when the plan reads another table', async () => {
    const answer = await db.ask('How many nuclear matches were there?');
    expect(answer.planned).toBe(false);
    expect(answer.message).toContain('nuclear');
  });

  it('never reads a word of a column name as a mere label: "home matches" stays a condition', async () => {
    const answer = await db.ask('How many home matches were there?');
    expect(answer.planned).toBe(false);
  });
});
