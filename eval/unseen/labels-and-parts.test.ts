/**
 * Regressions: the wrong label for an entity, and "asked for X, answered Y". A manager is named by the
 * name column, never by the first text column (a job title); every part a question asks for (a second
 * column, an order, a breakdown, a second aggregate) is in the answer, or the question is declined.
 */
import { shownColumn, tinyDatabase, type TinyDatabase } from './tiny-database';

let db: TinyDatabase;

beforeAll(async () => {
  db = await tinyDatabase([
    'CREATE TABLE managers (manager_id INTEGER PRIMARY KEY, job_title TEXT, name TEXT)',
    "INSERT INTO managers VALUES (1,'Head of Sales','Maya Ortiz'),(2,'Head of Sales','Leo Brandt'),(3,'CTO','Ines Kovac')",
    'CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, name TEXT, salary REAL, manager_id INTEGER REFERENCES managers(manager_id))',
    "INSERT INTO staff VALUES (1,'Ann',50000,1),(2,'Bob',72000,1),(3,'Cid',61000,1),(4,'Dee',58000,2),(5,'Eve',90000,3)",
    'CREATE TABLE makers (maker_id INTEGER PRIMARY KEY, maker TEXT)',
    "INSERT INTO makers VALUES (1,'amc'),(2,'bmw')",
    'CREATE TABLE models (model_id INTEGER PRIMARY KEY, maker INTEGER REFERENCES makers(maker_id), model TEXT)',
    "INSERT INTO models VALUES (1,1,'hornet'),(2,1,'pacer'),(3,2,'i3')",
    'CREATE TABLE orders (order_id INTEGER PRIMARY KEY, channel TEXT, amount REAL)',
    "INSERT INTO orders VALUES (1,'web',10),(2,'web',20),(3,'store',5)",
  ]);
});
afterAll(async () => db.close());

describe('labels and every asked-for part', () => {
  it('names a manager by name, not by job title', async () => {
    const answer = await db.ask('Which manager has the most staff?');
    expect(answer.message + JSON.stringify(answer.table ?? {})).toContain('Maya Ortiz');
    expect(answer.message).not.toContain('Head of Sales');
  });

  it('lists makers and models together, or declines', async () => {
    const answer = await db.ask('What are all the makers and models?');
    if (answer.planned) {
      expect(shownColumn(answer, /model/i).sort()).toEqual(['hornet', 'i3', 'pacer']);
      expect(shownColumn(answer, /maker/i).sort()).toEqual(['amc', 'amc', 'bmw']);
    } else expect(answer.type).toBe('text');
  });

  it('keeps the asked order', async () => {
    const answer = await db.ask('List the names of staff in descending order of salary.');
    expect(shownColumn(answer, /^name$/i)).toEqual(['Eve', 'Bob', 'Cid', 'Dee', 'Ann']);
  });

  it('reads "number of orders per channel" as a breakdown', async () => {
    const answer = await db.ask('number of orders per channel');
    expect(answer.type === 'chart' || answer.type === 'table').toBe(true);
    const points = answer.chart?.data ?? [];
    expect(points).toEqual(expect.arrayContaining([{ label: 'web', value: 2 }, { label: 'store', value: 1 }]));
  });

  it('answers "max and min" with both figures, not a ranking', async () => {
    const answer = await db.ask('What is the maximum and minimum salary of staff?');
    expect(answer.type).toBe('text');
    expect(answer.message).toMatch(/90,000/);
    expect(answer.message).toMatch(/50,000/);
  });

  it('lists rows by a field instead of asking "total or average?"', async () => {
    const answer = await db.ask('List the names and salaries of all staff ordered by salary.');
    expect(answer.type).toBe('table');
    expect(shownColumn(answer, /^name$/i)).toEqual(['Ann', 'Dee', 'Cid', 'Bob', 'Eve']);
  });
});
