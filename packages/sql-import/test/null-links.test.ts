/**
 * `k NOT IN (SELECT fk ...)` is the plan's "no related row" only while the subquery returns no NULL: on a
 * real SQLite database whose link column holds one, the statement is refused naming the NOT IN (the SQL
 * returns no row at all); where the subquery's rows hold none it is accepted with the SQL's own rows.
 */
import { validatePlan, type ValidPlan } from '@askdata/core';
import { NULL_LINK_CLAUSE, refuseNullLinks, refuseUncheckedNullLinks, SqlImportError, sqlToPlan } from '../src';
import { onSqliteFixture } from './support/sqlite-fixture';

const fixture = onSqliteFixture('clubs', `
    CREATE TABLE club (id INTEGER PRIMARY KEY, club_name TEXT NOT NULL);
    CREATE TABLE membership (id INTEGER PRIMARY KEY, club_id INTEGER REFERENCES club (id), role TEXT NOT NULL);
    INSERT INTO club (id, club_name) VALUES (1, 'Chess'), (2, 'Rowing'), (3, 'Choir'), (4, 'Drama');
    -- A membership whose club is not recorded: NOT IN over every membership returns no club.
    INSERT INTO membership (club_id, role) VALUES (1, 'captain'), (2, 'member'), (2, 'captain'), (NULL, 'member');
  `);

const validPlan = (sql: string): ValidPlan => validatePlan(sqlToPlan(sql, fixture.model).plan, fixture.model, { dialect: fixture.dataSource.dialect });
const notInLinks = (sql: string) => sqlToPlan(sql, fixture.model).notInLinks;
const { sqlRows, scope } = fixture;
const planRows = (sql: string): Promise<string[]> => fixture.rowsOfPlan(validPlan(sql));

describe('NOT IN over a link that may hold NULL (refuseNullLinks)', () => {
  it('refuses NOT IN whose subquery returns a NULL, naming it: the SQL keeps no row, a plan the clubs without members', async () => {
    const sql = 'SELECT club_name FROM club WHERE id NOT IN (SELECT club_id FROM membership)';
    expect(sqlRows(sql)).toEqual([]);
    const error = await refuseNullLinks(notInLinks(sql), fixture.model, fixture.dataSource, scope()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SqlImportError);
    expect((error as SqlImportError).clause).toBe(NULL_LINK_CLAUSE);
    expect((error as SqlImportError).message).toContain('membership.club_id');
  });

  it('accepts NOT IN whose subquery\'s rows hold no NULL, with the SQL\'s own rows', async () => {
    const sql = "SELECT club_name FROM club WHERE id NOT IN (SELECT club_id FROM membership WHERE role = 'captain')";
    await expect(refuseNullLinks(notInLinks(sql), fixture.model, fixture.dataSource, scope())).resolves.toBeUndefined();
    expect(await planRows(sql)).toEqual(sqlRows(sql));
    expect(sqlRows(sql)).toEqual(['["Choir"]', '["Drama"]']);
  });

  it('refuses it outright where no one tenant\'s rows can be asked', () => {
    expect(() => refuseUncheckedNullLinks(notInLinks("SELECT club_name FROM club WHERE id NOT IN (SELECT club_id FROM membership WHERE role = 'captain')"))).toThrow(
      expect.objectContaining({ clause: NULL_LINK_CLAUSE, message: expect.stringContaining('membership.club_id') }),
    );
  });

  it('asks nothing of NOT EXISTS or IN, which a NULL link does not change', async () => {
    for (const sql of [
      'SELECT club_name FROM club AS c WHERE NOT EXISTS (SELECT * FROM membership AS m WHERE m.club_id = c.id)',
      'SELECT club_name FROM club WHERE id IN (SELECT club_id FROM membership)',
    ]) {
      expect(notInLinks(sql)).toEqual([]);
      validPlan(sql);
    }
    // NOT EXISTS keeps the clubs without members whatever the NULL link: the plan's reading, exactly.
    const sql = 'SELECT club_name FROM club AS c WHERE NOT EXISTS (SELECT * FROM membership AS m WHERE m.club_id = c.id)';
    expect(sqlRows(sql)).toEqual(['["Choir"]', '["Drama"]']);
    expect(await planRows(sql)).toEqual(sqlRows(sql));
  });

  it('refuses a NOT IN over a column that may hold NULL inside EXCEPT, which would negate it', () => {
    expect(() => sqlToPlan("SELECT id FROM club EXCEPT SELECT id FROM club WHERE id NOT IN (SELECT club_id FROM membership WHERE role = 'captain')", fixture.model)).toThrow(
      expect.objectContaining({ clause: 'NOT IN with a subquery' }),
    );
  });
});
