/**
 * Columns named with their unit ("height_cm", "weight_kg", "duration_min"), on a schema this test writes:
 * questions name the quantity ("the tallest player", "the average weight", "longer than 30 minutes"), and
 * answers say the unit. "price_min" stays a minimum, not minutes.
 */
import { shownColumn, tinyDatabase, type TinyDatabase } from './tiny-database';

let db: TinyDatabase;

beforeAll(async () => {
  db = await tinyDatabase([
    'CREATE TABLE players (player_id INTEGER PRIMARY KEY, surname TEXT, height_cm INTEGER, weight_kg REAL)',
    "INSERT INTO players VALUES (1,'Ames',181,75.5),(2,'Bose',195,88.0),(3,'Cruz',176,70.5)",
    'CREATE TABLE trips (trip_id INTEGER PRIMARY KEY, duration_min INTEGER, fare REAL)',
    'INSERT INTO trips VALUES (1,12,2.0),(2,45,6.0),(3,31,4.0),(4,20,3.0)',
  ]);
});
afterAll(async () => db.close());

describe('units in column names', () => {
  it('finds the tallest player by the height in centimetres', async () => {
    const answer = await db.ask('Who is the tallest player?');
    expect(shownColumn(answer, /surname/i)).toEqual(['Bose']);
  });

  it('averages the weight and says its unit', async () => {
    const answer = await db.ask('What is the average weight of the players?');
    expect(answer.message).toMatch(/weight in kilograms was 78/);
  });

  it('reads "longer than 30 minutes" as the duration in minutes', async () => {
    const answer = await db.ask('What is the average fare for trips longer than 30 minutes?');
    expect(answer.message).toMatch(/\b5\b/);
  });
});
