/**
 * Issue 41 through the real v1 API: two readings of verified SQL are exact only on data that allows them,
 * which is asked of the tenant's rows before saving or previewing. `k NOT IN (SELECT link ...)` is read as
 * "no related row", the SQL's meaning only while the subquery returns no NULL; `GROUP BY name` as a
 * dimension on the name, which the plan groups by its key too, the SQL's groups only while no two rows
 * share a name. Where the rows break it, a 400 names the clause; where not, the SQL is saved and answers
 * with its own rows.
 */
import { expectProblem } from '../../../../test-support/problem-assertions';
import { onAdminAppOverSqlite } from './support/admin-app-on-sqlite';

const VERIFIED = '/api/v1/admin/verified-questions';

describe('verified SQL whose reading depends on the data: NOT IN, GROUP BY a name (issue 41)', () => {
  const { post } = onAdminAppOverSqlite('clubs', `
    CREATE TABLE club (id INTEGER PRIMARY KEY, club_name TEXT NOT NULL);
    CREATE TABLE membership (id INTEGER PRIMARY KEY, club_id INTEGER REFERENCES club (id), role TEXT NOT NULL);
    INSERT INTO club (id, club_name) VALUES (1, 'Chess'), (2, 'Rowing'), (3, 'Choir');
    INSERT INTO membership (club_id, role) VALUES (1, 'captain'), (2, 'member'), (NULL, 'member');
    CREATE TABLE coach (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE lesson (id INTEGER PRIMARY KEY, coach_id INTEGER NOT NULL REFERENCES coach (id), hours REAL NOT NULL);
    INSERT INTO coach (id, name) VALUES (1, 'Lee'), (2, 'Lee'), (3, 'Ana');
    INSERT INTO lesson (coach_id, hours) VALUES (1, 2), (2, 3), (3, 1);
  
  `);

  it.each([
    ['saving', VERIFIED],
    ['a preview', `${VERIFIED}/preview`],
  ])('refuses %s of NOT IN over memberships, one of which has no club, with a 400 naming it', async (_what, path) => {
    const res = await post(path, { question: 'Which clubs have no members?', sql: 'SELECT club_name FROM club WHERE id NOT IN (SELECT club_id FROM membership)' });
    expectProblem(res, 400, 'validation');
    expect(res.body.detail).toContain('NOT IN with a subquery whose column holds NULL (membership.club_id)');
    expect(res.body.issues).toEqual([{ path: 'sql', message: res.body.detail }]);
  });

  it('saves NOT IN whose subquery holds no NULL, and answers with the SQL\'s rows', async () => {
    const question = 'Which clubs have no captain?';
    const sql = "SELECT club_name FROM club WHERE id NOT IN (SELECT club_id FROM membership WHERE role = 'captain')";
    const preview = await post(`${VERIFIED}/preview`, { question, sql });
    expect(preview.status).toBe(200);
    expect([...preview.body.answer.table.rows].sort()).toEqual([['Choir'], ['Rowing']]);
    expect((await post(VERIFIED, { question, sql })).status).toBe(201);
  });

  it.each([
    ['saving', VERIFIED],
    ['a preview', `${VERIFIED}/preview`],
  ])('refuses %s of GROUP BY a name two coaches share with a 400 naming it', async (_what, path) => {
    const res = await post(path, { question: 'Hours by coach name?', sql: 'SELECT T2.name, sum(T1.hours) FROM lesson AS T1 JOIN coach AS T2 ON T1.coach_id = T2.id GROUP BY T2.name' });
    expectProblem(res, 400, 'validation');
    expect(res.body.detail).toContain('GROUP BY a name column without its key (coach.name)');
  });

  it('saves GROUP BY a name where no two rows share one, and answers with the SQL\'s rows', async () => {
    const question = 'How many members per club name?';
    const sql = 'SELECT T2.club_name, count(*) FROM membership AS T1 JOIN club AS T2 ON T1.club_id = T2.id GROUP BY T2.club_name';
    const preview = await post(`${VERIFIED}/preview`, { question, sql });
    expect(preview.status).toBe(200);
    expect(preview.body.answer.chart.data).toEqual([{ label: 'Chess', value: 1 }, { label: 'Rowing', value: 1 }]);
    expect((await post(VERIFIED, { question, sql })).status).toBe(201);
  });
});
