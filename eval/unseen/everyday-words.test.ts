/**
 * Regression: everyday words matched to data values. A column of two-letter state codes holds 'IN',
 * 'IS', 'AT' and 'NO'; "how many stores are in Texas" once became a filter on the code IN. A grammar word
 * is a value only when quoted, written in capitals, or named next to its field.
 */
import { tinyDatabase, type TinyDatabase } from './tiny-database';

let db: TinyDatabase;

beforeAll(async () => {
  db = await tinyDatabase([
    'CREATE TABLE states (code TEXT PRIMARY KEY, state_name TEXT)',
    "INSERT INTO states VALUES ('IN','Indiana'),('IS','Isle'),('AT','Atlantis'),('NO','Norland'),('TX','Texas')",
    'CREATE TABLE stores (store_id INTEGER PRIMARY KEY, store_name TEXT, state_code TEXT REFERENCES states(code))',
    "INSERT INTO stores VALUES (1,'Alpha','TX'),(2,'Beta','TX'),(3,'Gamma','IN'),(4,'Delta','NO'),(5,'Epsilon','AT')",
    'CREATE TABLE sections (section_id INTEGER PRIMARY KEY, section_name TEXT, section_description TEXT)',
    "INSERT INTO sections VALUES (1,'h','history'),(2,'a','art'),(3,'b','biology')",
  ]);
});
afterAll(async () => db.close());

describe('everyday words are not data values', () => {
  it('"in" stays a preposition: stores in Texas are the Texas stores', async () => {
    const answer = await db.ask('How many stores are in Texas?');
    expect(answer.type).toBe('text');
    expect(answer.message).toMatch(/\b2 stores\b/);
    expect(answer.message).not.toMatch(/\bIN\b/);
  });

  it('a code written in capitals is the code', async () => {
    const answer = await db.ask('How many stores are in state IN?');
    expect(answer.message).toMatch(/\b1 store\b/);
  });

  it('"is", "at" and "no" never filter', async () => {
    const answer = await db.ask('How many stores are there?');
    expect(answer.message).toMatch(/\b5 stores\b/);
    const none = await db.ask('Which stores have no state?');
    expect(none.message).not.toMatch(/Norland|\bNO\b/);
  });

  it('a one-letter value needs its field named next to it', async () => {
    const named = await db.ask('What is the description of the section named h?');
    expect(named.message + JSON.stringify(named.table ?? {})).toContain('history');
    const bare = await db.ask('How many sections have a description?');
    expect(bare.message).not.toContain('history');
  });
});
