/**
 * Regressions: ordinary English for columns on a schema written here. "first and last names" names two
 * columns (not "first" as in "earliest first"); a participle in a column's name explains its verb
 * ("joined" for joined_on); an ordinal before a whole-number column is that number ("the third floor");
 * "female" is the F a sex column holds, and only in such a column; "no coach listed" and "not returned
 * yet" are empty columns; a founding year is shown as a year.
 */
import { shownColumn, shownRows, tinyDatabase, type TinyDatabase } from './tiny-database';

let db: TinyDatabase;

beforeAll(async () => {
  db = await tinyDatabase([
    'CREATE TABLE clients (client_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, sex TEXT, grade TEXT, joined_on TEXT)',
    "INSERT INTO clients VALUES (1,'Ada','Byrne','F','A','2023-02-01'),(2,'Bo','Chen','M','F','2023-07-09'),(3,'Cy','Dahl','F','B','2024-01-15'),(4,'Di','Eng','M','F','2022-11-30')",
    'CREATE TABLE offices (office_id INTEGER PRIMARY KEY, office_name TEXT, floor INTEGER)',
    "INSERT INTO offices VALUES (1,'North',1),(2,'South',3),(3,'East',3),(4,'West',2)",
    'CREATE TABLE teams (team_id INTEGER PRIMARY KEY, team_name TEXT, coach TEXT, founded INTEGER)',
    "INSERT INTO teams VALUES (1,'Reds','Ines',1901),(2,'Blues',NULL,1925),(3,'Greens','',1950),(4,'Golds','Ola',1899)",
    'CREATE TABLE rentals (rental_id INTEGER PRIMARY KEY, team_id INTEGER REFERENCES teams(team_id), rented_on TEXT, returned_date TEXT, paid INTEGER)',
    "INSERT INTO rentals VALUES (1,1,'2024-01-02','2024-01-05',1),(2,2,'2024-02-02',NULL,0),(3,3,'2024-03-02',NULL,1),(4,1,'2024-04-02','2024-04-09',0),(5,4,'2024-05-02','2024-05-03',0)",
  ]);
});
afterAll(async () => db.close());

describe('words for columns', () => {
  it('reads "their first and last names" as two columns', async () => {
    const answer = await db.ask('Which clients joined in 2023? Give their first and last names.');
    expect(shownColumn(answer, /^first name$/i).sort()).toEqual(['Ada', 'Bo']);
    expect(shownColumn(answer, /^last name$/i).sort()).toEqual(['Byrne', 'Chen']);
  });

  it('reads an ordinal before a whole-number column as that number', async () => {
    const answer = await db.ask('Which offices are on the third floor?');
    expect(shownColumn(answer, /office name|name/i).sort()).toEqual(['East', 'South']);
  });

  it('reads "female" as the F of the sex column, never the F of another column', async () => {
    const answer = await db.ask('How many female clients are there?');
    expect(answer.message).toMatch(/\b2\b/);
    expect(shownRows(answer)).toHaveLength(0);
  });

  it('reads "no coach listed" as an empty column, blank text included', async () => {
    const answer = await db.ask('Which teams have no coach listed?');
    expect(shownColumn(answer, /team name|^name$/i).sort()).toEqual(['Blues', 'Greens']);
  });

  it('reads "not returned yet" as the empty date that records the return', async () => {
    const answer = await db.ask('How many rentals have not been returned yet?');
    expect(answer.message).toMatch(/\b2\b/);
    // A yes/no column says no rather than being empty.
    const unpaid = await db.ask('How many rentals have not been paid yet?');
    expect(unpaid.message).toMatch(/\b3\b/);
  });

  it('shows a year kept in an integer column as a year, not as 1,901', async () => {
    const answer = await db.ask('List the teams.');
    expect(shownColumn(answer, /founded/i)).toContain('1901');
  });
});
