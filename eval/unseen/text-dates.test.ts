/**
 * Dates a table keeps as text in a well-known format other than ISO 8601 ('23-OCT-10', DD-MON-YY, Oracle's
 * default export format, as spider-train's inn_1 keeps its check-ins): read as dates, so periods and grains
 * apply, and never "has no date". A stay is dated by its arrival (check in, not check out; moved in, not
 * moved out). The same conversion on PostgreSQL, MariaDB and DuckDB is checked by the adapters'
 * conformance suites (packages/conformance/src/execution-suite.ts).
 */
import { tinyDatabase, type TinyDatabase } from './tiny-database';

let db: TinyDatabase;

beforeAll(async () => {
  db = await tinyDatabase([
    'CREATE TABLE stays (stay_id INTEGER PRIMARY KEY, room TEXT, CheckIn TEXT, CheckOut TEXT, rate REAL)',
    "INSERT INTO stays VALUES (1,'A','23-OCT-10','25-OCT-10',100),(2,'B','30-SEP-10','01-OCT-10',150),(3,'A','02-OCT-10','04-OCT-10',120),(4,'B','15-DEC-10','18-DEC-10',90),(5,'A','31-DEC-10','02-JAN-11',200)",
    'CREATE TABLE residents (resident_id INTEGER PRIMARY KEY, full_name TEXT, date_moved_in TEXT, date_moved_out TEXT)',
    "INSERT INTO residents VALUES (1,'Ann Lee','2018-03-30','2018-04-02'),(2,'Bo Chan','2018-04-10','2019-04-11'),(3,'Cy Ford','2018-05-01','2018-05-03')",
    // Counter-examples: text that only sometimes looks like a date is no date; a lone start date next to
    // another date is no pair, so neither is the default.
    'CREATE TABLE notes (note_id INTEGER PRIMARY KEY, body TEXT)',
    "INSERT INTO notes VALUES (1,'23-OCT-10'),(2,'call back'),(3,'01-NOV-10')",
    'CREATE TABLE courses (course_id INTEGER PRIMARY KEY, title TEXT, start_date TEXT, review_date TEXT)',
    "INSERT INTO courses VALUES (1,'Art','2019-01-10','2019-06-01'),(2,'Law','2019-02-10','2019-07-01')",
    'CREATE TABLE licences (licence_id INTEGER PRIMARY KEY, holder TEXT, valid_from TEXT, valid_to TEXT)',
    "INSERT INTO licences VALUES (1,'Ann','2019-01-10','2020-01-10'),(2,'Bo','2019-02-10','2021-02-10')",
  ]);
});
afterAll(async () => db.close());

describe('dates kept as text in the DD-MON-YY format', () => {
  it('filters a period on the check-in date (45 of inn_1; here the 2 stays that began in October 2010)', async () => {
    expect((await db.ask('How many stays in October 2010?')).message).toBe('There were 2 stays in October 2010.');
  });

  it('groups by month on the check-in date, the stay that ends in January counted in December', async () => {
    const answer = await db.ask('How many stays each month in 2010?');
    expect(answer.chart?.data.map((point) => [point.label, point.value])).toEqual([['September 2010', 1], ['October 2010', 2], ['December 2010', 2]]);
  });

  it('a stay is dated by its arrival, not its departure (date_moved_in / date_moved_out)', async () => {
    expect((await db.ask('How many residents in April 2018?')).message).toBe('There was 1 resident in April 2018.');
  });

  it('counter-example: a text column holding dates and other text is not a date', async () => {
    const answer = await db.ask('How many notes in October 2010?');
    expect(answer.planned).toBe(false);
    expect(answer.message).toMatch(/notes have no date/i);
  });

  it('counter-example: "valid from" and "valid to" bound a validity, not a stay, so neither is the default (nor "start" and "end")', async () => {
    const answer = await db.ask('How many licences in 2019?');
    expect(answer.planned).toBe(false);
    expect(answer.message).toMatch(/which date of licences/i);
  });

  it('counter-example: a start date with no end date beside it is no period, so which date is meant is asked', async () => {
    const answer = await db.ask('How many courses in 2019?');
    expect(answer.planned).toBe(false);
    expect(answer.message).toMatch(/which date of courses/i);
  });
});
