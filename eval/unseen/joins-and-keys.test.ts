/**
 * Regressions: joins that multiply rows, and id columns used as numbers. A table that names a city by a
 * column which is not unique on the cities side must not be joined on it (a count once came out 20x);
 * "airlines with at least 10 flights" is a count of flights per airline, never `airline >= 10`.
 */
import { tinyDatabase, type TinyDatabase } from './tiny-database';

let db: TinyDatabase;

beforeAll(async () => {
  const flights = Array.from({ length: 30 }, (_, i) => `(${i + 1}, ${i < 12 ? 1 : i < 24 ? 2 : 3}, 'F${i}')`).join(',');
  db = await tinyDatabase([
    // Two cities called Springfield: "city_name" is not a key of cities.
    'CREATE TABLE cities (city_id INTEGER PRIMARY KEY, city_name TEXT, state TEXT)',
    "INSERT INTO cities VALUES (1,'Springfield','IL'),(2,'Springfield','MO'),(3,'Shelbyville','IL')",
    'CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT, city_name TEXT)',
    "INSERT INTO customers VALUES (1,'Ann','Springfield'),(2,'Bob','Springfield'),(3,'Cid','Shelbyville')",
    'CREATE TABLE airlines (uid INTEGER PRIMARY KEY, airline TEXT, country TEXT)',
    "INSERT INTO airlines VALUES (1,'Alpha Air','USA'),(2,'Beta Wings','USA'),(3,'Gamma Jet','UK')",
    // flights.airline points at airlines.uid without a declared key: the data proves it.
    'CREATE TABLE flights (flight_id INTEGER PRIMARY KEY, airline INTEGER, flight_no TEXT)',
    `INSERT INTO flights VALUES ${flights}`,
  ]);
});
afterAll(async () => db.close());

describe('joins only along keys', () => {
  it('never joins on a column that is not unique on the other side', async () => {
    const answer = await db.ask('How many customers are there?');
    expect(answer.message).toMatch(/\b3 customers\b/);
    const state = await db.ask('How many customers are in state IL?');
    // customers cannot reach cities.state along a key, so this must not be answered by a fanning join.
    expect(state.planned).toBe(false);
  });

  it('follows a foreign key the data proves, and counts rows per airline', async () => {
    const answer = await db.ask('Which airlines have at least 10 flights?');
    expect(answer.type).toBe('table');
    const names = (answer.table?.rows ?? []).map((row) => row[0]);
    expect(names.sort()).toEqual(['Alpha Air', 'Beta Wings']);
  });

  it('never compares an id with a number the question gave for something else', async () => {
    const answer = await db.ask('Which airlines have fewer than 7 flights?');
    expect((answer.table?.rows ?? []).map((row) => row[0])).toEqual(['Gamma Jet']);
    expect(answer.message).not.toMatch(/airline (under|below|less than)/i);
  });
});
