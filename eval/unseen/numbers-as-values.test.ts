/**
 * Numbers that give a field its value, on a schema this test writes: "whose age is 32", "aged either 32
 * or 33" (a participle made from the field's name), "a greater age than 30", "in 2014 or 2015" on a year
 * kept in a text column, and a year shown as written ("2014", never "2,014"). A number before the thing it
 * counts stays a count, and a field name two tables share is not guessed.
 */
import { shownColumn, tinyDatabase, type TinyDatabase } from './tiny-database';

let db: TinyDatabase;

beforeAll(async () => {
  db = await tinyDatabase([
    'CREATE TABLE teacher (teacher_id INTEGER PRIMARY KEY, name TEXT, age TEXT, hometown TEXT)',
    "INSERT INTO teacher VALUES (1,'Ann','32','Leeds'),(2,'Bob','29','York'),(3,'Cid','33','Leeds'),(4,'Dee','45','Hull'),(5,'Eve','32','York')",
    'CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, concert_name TEXT, year TEXT)',
    "INSERT INTO concert VALUES (1,'Spring','2014'),(2,'Summer','2014'),(3,'Autumn','2015'),(4,'Winter','2016'),(5,'Gala','2013')",
    'CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, owner_name TEXT, age INTEGER)',
    "INSERT INTO owner VALUES (1,'Kim',3),(2,'Lou',40)",
    'CREATE TABLE pet (pet_id INTEGER PRIMARY KEY, pet_type TEXT, age INTEGER, owner_id INTEGER REFERENCES owner(owner_id))',
    "INSERT INTO pet VALUES (1,'cat',3,2),(2,'dog',5,1),(3,'cat',7,1)",
  ]);
});
afterAll(async () => db.close());

describe('numbers that give a field its value', () => {
  it('reads "whose age is 32" as that age, on ages kept as text', async () => {
    const answer = await db.ask('What are the names of teachers whose age is 32?');
    expect(shownColumn(answer, /^name$/i).sort()).toEqual(['Ann', 'Eve']);
  });

  it('reads "aged either 32 or 33" as either age', async () => {
    const answer = await db.ask('Show the name of teachers aged either 32 or 33');
    expect(shownColumn(answer, /^name$/i).sort()).toEqual(['Ann', 'Cid', 'Eve']);
  });

  it('reads "not aged 32" as any other age', async () => {
    const answer = await db.ask('How many teachers are not aged 32?');
    expect(answer.message).toMatch(/\b3 teachers\b/);
  });

  it('reads "in 2014 or 2015" on a year kept in a text column, and shows the year as written', async () => {
    const both = await db.ask('How many concerts occurred in 2014 or 2015?');
    expect(both.message).toMatch(/\b3 concerts\b/);
    const one = await db.ask('How many concerts are there in 2014?');
    expect(one.message).toMatch(/\b2 concerts\b/);
    expect(one.message).toContain('2014');
    expect(one.message).not.toContain('2,014');
  });

  it('ranks a year like any label: "Which year has the most concerts?" is the one year, 2014', async () => {
    const answer = await db.ask('Which year has the most concerts?');
    expect(answer.message).toContain('2014');
    expect(answer.message).not.toMatch(/2015|2016|2013/);
  });

  it('reads a comparison split around its field: "a greater age than 30", "a lower age than 30"', async () => {
    const greater = await db.ask('How many teachers have a greater age than 30?');
    expect(greater.message).toMatch(/\b4 teachers\b/);
    const lower = await db.ask('How many teachers have a lower age than 30?');
    expect(lower.message).toMatch(/\b1 teacher\b/);
  });

  it('keeps a number before the thing it counts a count: "the 2 oldest teachers"', async () => {
    const answer = await db.ask('What are the names of the 2 oldest teachers?');
    expect(shownColumn(answer, /^name$/i)).toEqual(['Dee', 'Cid']);
  });

  it('does not guess whose age a bare "age 3" is when two tables have one', async () => {
    const answer = await db.ask('Which owners have a cat that is age 3?');
    expect(answer.planned).toBe(false);
  });
});
