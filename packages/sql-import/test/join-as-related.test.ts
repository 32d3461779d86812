/**
 * Two relations between the same tables (a ride's start and end dock): the compiler joins along one path,
 * so a JOIN along the other is refused, unless the joined table is only a condition: joined by its key
 * and read only by WHERE conditions of its own, it is a related filter that names its link column. On a
 * real SQLite database the plan's rows are the SQL's; a joined table that is shown stays refused.
 */
import { sqlToPlan } from '../src';
import { onSqliteFixture } from './support/sqlite-fixture';

const fixture = onSqliteFixture('rides', `
    CREATE TABLE dock (dock_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL);
    CREATE TABLE rider (rider_id INTEGER PRIMARY KEY, name TEXT NOT NULL, plan TEXT NOT NULL);
    CREATE TABLE ride (
      ride_id INTEGER PRIMARY KEY,
      start_dock_id INTEGER REFERENCES dock (dock_id),
      end_dock_id INTEGER REFERENCES dock (dock_id),
      rider_id INTEGER NOT NULL REFERENCES rider (rider_id),
      minutes INTEGER NOT NULL
    );
    INSERT INTO dock VALUES (1, 'Harbour', 'Oslo'), (2, 'Square', 'Oslo'), (3, 'Station', 'Bergen');
    INSERT INTO rider VALUES (1, 'Kari', 'annual'), (2, 'Ola', 'day');
    INSERT INTO ride VALUES (1, 1, 3, 1, 30), (2, 3, 1, 2, 25), (3, 2, 2, 1, 5), (4, 3, 3, 2, 12), (5, 1, NULL, 1, 40);
  `);
const { sqlRows, planRows } = fixture;

const bothEnds = (sql: string): string[] => ['start_dock_id', 'end_dock_id'].map((link) => sql.replace('LINK', link));

describe('a JOIN along the second of two relations, read only by its conditions', () => {
  it('is a related filter naming the link column, with the SQL rows, along either relation', async () => {
    const statements = [
      "SELECT count(*) FROM ride AS T1 JOIN dock AS T2 ON T1.LINK = T2.dock_id WHERE T2.city = 'Oslo'",
      "SELECT T1.ride_id, T1.minutes FROM dock AS T2 JOIN ride AS T1 ON T2.dock_id = T1.LINK WHERE T2.name = 'Station' AND T1.minutes > 10",
      'SELECT count(*) FROM ride AS T1 JOIN dock AS T2 ON T1.LINK = T2.dock_id',
      "SELECT T3.name, count(*) FROM ride AS T1 JOIN dock AS T2 ON T1.LINK = T2.dock_id JOIN rider AS T3 ON T1.rider_id = T3.rider_id WHERE T2.city = 'Oslo' GROUP BY T3.rider_id",
    ].flatMap(bothEnds);
    for (const sql of statements) expect(await planRows(sql)).toEqual(sqlRows(sql));
    const { plan } = sqlToPlan(bothEnds("SELECT count(*) FROM ride AS T1 JOIN dock AS T2 ON T1.LINK = T2.dock_id WHERE T2.city = 'Oslo'")[1]!, fixture.model);
    const relatedFilters = plan.filters?.filter((f) => f.op === 'related') ?? [];
    expect(relatedFilters).toEqual([expect.objectContaining({ entity: 'dock', via: 'dock_id', field: { entity: 'ride', field: 'end_dock_id' } })]);
  });

  it('joined by another column than its key, is a related filter only where the rows are a set (DISTINCT)', async () => {
    for (const sql of bothEnds('SELECT DISTINCT T2.name FROM dock AS T2 JOIN ride AS T1 ON T2.dock_id = T1.LINK WHERE T1.minutes > 10')) {
      expect(await planRows(sql)).toEqual(sqlRows(sql));
      expect(sqlToPlan(sql, fixture.model).plan.filters).toEqual([expect.objectContaining({ op: 'related', entity: 'ride', field: { entity: 'dock', field: 'dock_id' } })]);
    }
    // Without DISTINCT a dock is listed once per ride: no related filter (which lists it once) is read.
    for (const sql of bothEnds('SELECT T2.name FROM dock AS T2 JOIN ride AS T1 ON T2.dock_id = T1.LINK WHERE T1.minutes > 10')) {
      let filters: unknown[] = [];
      try {
        filters = sqlToPlan(sql, fixture.model).plan.filters ?? [];
      } catch {
        // refused: fine
      }
      expect(filters).not.toContainEqual(expect.objectContaining({ op: 'related' }));
    }
  });

  it('in a side of EXCEPT or INTERSECT (rows as a set), is a related filter, with the SQL rows', async () => {
    const statements = [
      'SELECT dock_id FROM dock EXCEPT SELECT T2.dock_id FROM ride AS T1 JOIN dock AS T2 ON T1.LINK = T2.dock_id WHERE T1.minutes > 20',
      "SELECT dock_id FROM dock WHERE city = 'Oslo' INTERSECT SELECT T2.dock_id FROM ride AS T1 JOIN dock AS T2 ON T1.LINK = T2.dock_id WHERE T1.minutes < 20",
    ].flatMap(bothEnds);
    for (const sql of statements) expect(await planRows(sql)).toEqual(sqlRows(sql));
  });

  it('stays refused where the joined table is shown, grouped or compared with another table', () => {
    const statements = [
      'SELECT T2.name FROM ride AS T1 JOIN dock AS T2 ON T1.LINK = T2.dock_id',
      'SELECT count(*) FROM ride AS T1 JOIN dock AS T2 ON T1.LINK = T2.dock_id GROUP BY T2.city',
      'SELECT count(*) FROM ride AS T1 JOIN dock AS T2 ON T1.LINK = T2.dock_id WHERE T2.dock_id > T1.minutes',
      'SELECT count(*) FROM ride AS T1 JOIN dock AS T2 ON T1.LINK = T2.dock_id ORDER BY T2.name',
    ];
    for (const sql of statements) {
      const refused = bothEnds(sql).filter((one) => {
        try {
          sqlToPlan(one, fixture.model);
          return false;
        } catch {
          return true;
        }
      });
      expect(refused.length).toBeGreaterThan(0);
    }
  });
});
