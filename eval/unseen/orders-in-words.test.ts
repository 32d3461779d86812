/**
 * Orders said with adjectives, on a schema this test writes: "youngest first" and "by age, oldest first"
 * sort by the field the adjective measures (all rows, not the one youngest), "newest first" and "from
 * oldest to newest" by the rows' own date, or by their year where only a year is recorded; "which film was
 * released first" keeps the earliest one.
 */
import { shownColumn, tinyDatabase, type TinyDatabase } from './tiny-database';

let db: TinyDatabase;

beforeAll(async () => {
  db = await tinyDatabase([
    'CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, age INTEGER)',
    "INSERT INTO singer VALUES (1,'Ann',41),(2,'Bob',25),(3,'Cid',33)",
    'CREATE TABLE recipe (recipe_id INTEGER PRIMARY KEY, title TEXT, published TEXT)',
    "INSERT INTO recipe VALUES (1,'Soup','2024-03-01'),(2,'Stew','2024-09-12'),(3,'Pie','2023-05-05'),(4,'Tart','2024-01-20')",
    'CREATE TABLE film (film_id INTEGER PRIMARY KEY, title TEXT, release_year INTEGER)',
    "INSERT INTO film VALUES (1,'Dawn',1955),(2,'Noon',1948),(3,'Dusk',1972),(4,'Night',1951)",
  ]);
});
afterAll(async () => db.close());

describe('orders said with adjectives', () => {
  it('"youngest first" lists every row by the field the adjective measures', async () => {
    const answer = await db.ask('List the names of singers, youngest first');
    expect(shownColumn(answer, /^name$/i)).toEqual(['Bob', 'Cid', 'Ann']);
  });

  it('"by age, oldest first" sorts by that age rather than breaking down by it', async () => {
    const answer = await db.ask('list singers by age, oldest first');
    expect(shownColumn(answer, /^name$/i)).toEqual(['Ann', 'Cid', 'Bob']);
  });

  it('"newest first" orders by the rows\' own date', async () => {
    const answer = await db.ask('Which recipes were published in 2024, newest first?');
    expect(shownColumn(answer, /^title$/i)).toEqual(['Stew', 'Soup', 'Tart']);
  });

  it('"Which film was released first?" keeps the one earliest by its recorded year', async () => {
    const answer = await db.ask('Which film was released first?');
    expect(shownColumn(answer, /^title$/i)).toEqual(['Noon']);
  });

  it('"Which recipe was published last?" keeps the one latest by its date', async () => {
    const answer = await db.ask('Which recipe was published last?');
    expect(shownColumn(answer, /^title$/i)).toEqual(['Stew']);
  });

  it('"from oldest to newest" orders by the recorded year when there is no date', async () => {
    const answer = await db.ask('List the films released before 1960, from oldest to newest.');
    expect(shownColumn(answer, /^title$/i)).toEqual(['Noon', 'Night', 'Dawn']);
  });
});
