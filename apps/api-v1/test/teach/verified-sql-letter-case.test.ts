/**
 * Issue 40 through the real v1 API: verified SQL whose text comparison the plan would widen (SQL's `=`
 * compares letter case, the plan's does not) is a 400 naming the comparison, on saving and on preview,
 * and the same comparison on a column with no other case of its value is saved and answers. The database
 * is a SQLite file shaped like spider's bike_1, whose weather.events holds both 'Fog' and 'fog'.
 */
import { expectProblem } from '../../../../test-support/problem-assertions';
import { onAdminAppOverSqlite } from './support/admin-app-on-sqlite';

const VERIFIED = '/api/v1/admin/verified-questions';

describe('verified SQL compared by letter case (issue 40)', () => {
  const { post } = onAdminAppOverSqlite('bike', `
    CREATE TABLE weather (id INTEGER PRIMARY KEY, date TEXT NOT NULL, events TEXT, city TEXT NOT NULL);
    INSERT INTO weather (date, events, city) VALUES
      ('2015-01-01', 'Fog', 'San Francisco'), ('2015-01-02', 'fog', 'Palo Alto'), ('2015-01-03', 'Rain', 'San Francisco'), ('2015-01-04', NULL, 'Palo Alto');
  `);

  it.each([
    ['saving', VERIFIED],
    ['a preview', `${VERIFIED}/preview`],
  ])('refuses %s of EVENTS != \'Fog\' with a 400 naming the comparison, as the column also holds \'fog\'', async (_what, path) => {
    const res = await post(path, { question: 'Which days had no fog?', sql: "SELECT date FROM weather WHERE EVENTS != 'Fog'" });
    expectProblem(res, 400, 'validation');
    expect(res.body.detail).toContain("text compared by letter case (weather.events != 'Fog'): 'Fog' also matches 'fog' in weather.events");
    expect(res.body.issues).toEqual([{ path: 'sql', message: res.body.detail }]);
  });

  it('saves a text equality on a column with no other case of its value, and answers with the SQL\'s rows', async () => {
    const question = 'Which days were recorded in Palo Alto?';
    const preview = await post(`${VERIFIED}/preview`, { question, sql: "SELECT date FROM weather WHERE city = 'Palo Alto'" });
    expect(preview.status).toBe(200);
    expect(preview.body.answer.table.rows).toEqual([['2 Jan 2015'], ['4 Jan 2015']]);
    expect((await post(VERIFIED, { question, sql: "SELECT date FROM weather WHERE city = 'Palo Alto'" })).status).toBe(201);
  });
});
