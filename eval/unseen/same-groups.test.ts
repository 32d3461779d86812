/**
 * "And how much is payable in each group?" (the business set's products_for_hire-22): after an answer broken
 * down into groups, "in each group" keeps that breakdown and the follow-up replaces only the measure. On a
 * database that has groups of its own, "each group" keeps meaning them.
 */
import { tinyDatabase, type TinyDatabase } from './tiny-database';

let db: TinyDatabase;
let grouped: TinyDatabase;

beforeAll(async () => {
  db = await tinyDatabase([
    'CREATE TABLE bookings (booking_id INTEGER PRIMARY KEY, booking_status_code TEXT, amount_payable REAL, amount_paid REAL)',
    "INSERT INTO bookings VALUES (1,'Confirmed',100,100),(2,'Provisional',40,0),(3,'Confirmed',60,30),(4,'Provisional',25,25),(5,'Confirmed',10,0)",
  ]);
  grouped = await tinyDatabase([
    'CREATE TABLE study_groups (group_id INTEGER PRIMARY KEY, group_name TEXT)',
    "INSERT INTO study_groups VALUES (1,'Red'),(2,'Blue')",
    'CREATE TABLE students (student_id INTEGER PRIMARY KEY, full_name TEXT, level TEXT, group_id INTEGER REFERENCES study_groups(group_id))',
    "INSERT INTO students VALUES (1,'Ann Lee','A',1),(2,'Bo Chan','B',1),(3,'Cy Ford','A',2)",
  ]);
});
afterAll(async () => {
  await db.close();
  await grouped.close();
});

describe('"in each group" after a grouped answer', () => {
  it('keeps the groups and replaces the measure (Confirmed 170, Provisional 65)', async () => {
    const answer = await db.converse('How many bookings are there in each booking status?', 'And how much is payable in each group?');
    expect(answer.sql).toMatch(/sum\("bookings"\."amount_payable"\)/);
    expect(answer.chart?.data.map((p) => [p.label, p.value])).toEqual([['Confirmed', 170], ['Provisional', 65]]);
    const paid = await db.converse('How many bookings are there in each booking status?', 'and the total amount paid for each of them?');
    expect(paid.chart?.data.map((p) => [p.label, p.value])).toEqual([['Confirmed', 130], ['Provisional', 25]]);
  });

  it('counter-example: with no grouped answer before it, "each group" is not dropped and the question is declined', async () => {
    const answer = await db.converse('How much is payable in each group?');
    expect(answer.planned).toBe(false);
  });

  it('counter-example: on a database with groups of its own, "in each group" breaks down by them', async () => {
    const answer = await grouped.converse('How many students in each level?', 'And how many students in each group?');
    expect(answer.sql).toMatch(/"study_groups"/);
  });
});
