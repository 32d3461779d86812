/**
 * `GROUP BY name` adds up rows that share a name; the plan groups a name by its entity's key too. On a real
 * SQLite database, the statement is refused naming the GROUP BY where two rows share a name, and accepted
 * with the SQL's own rows where none do; a GROUP BY of the key as well needs no asking.
 */
import { refuseSharedNames, refuseUncheckedSharedNames, SHARED_NAME_CLAUSE, SqlImportError, sqlToPlan } from '../src';
import { onSqliteFixture } from './support/sqlite-fixture';

const fixture = onSqliteFixture('shop', `
    CREATE TABLE technician (technician_id INTEGER PRIMARY KEY, name TEXT NOT NULL, team TEXT NOT NULL);
    CREATE TABLE repair (repair_id INTEGER PRIMARY KEY, technician_id INTEGER NOT NULL REFERENCES technician (technician_id), hours REAL NOT NULL);
    CREATE TABLE machine (machine_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE service (service_id INTEGER PRIMARY KEY, machine_id INTEGER NOT NULL REFERENCES machine (machine_id), hours REAL NOT NULL);
    -- Two technicians named Lee: GROUP BY name makes them one group.
    INSERT INTO technician VALUES (1, 'Lee', 'North'), (2, 'Lee', 'South'), (3, 'Ana', 'North');
    INSERT INTO repair (technician_id, hours) VALUES (1, 2), (2, 3), (3, 1), (3, 4);
    INSERT INTO machine VALUES (1, 'Lathe'), (2, 'Press'), (3, 'Drill');
    INSERT INTO service (machine_id, hours) VALUES (1, 2), (1, 3), (2, 1);
  `);
const { sqlRows, planRows, scope } = fixture;

describe('GROUP BY a name without its key (refuseSharedNames)', () => {
  it('refuses it naming the GROUP BY where two rows share the name', async () => {
    const sql = 'SELECT T2.name, count(*) FROM repair AS T1 JOIN technician AS T2 ON T1.technician_id = T2.technician_id GROUP BY T2.name';
    const imported = sqlToPlan(sql, fixture.model);
    expect(imported.namesAssumedUnique).toEqual([{ entity: 'technician', field: 'name' }]);
    expect(sqlRows(sql)).toEqual(['["Ana",2]', '["Lee",2]']);
    const error = await refuseSharedNames(imported.namesAssumedUnique, fixture.model, fixture.dataSource, scope()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SqlImportError);
    expect((error as SqlImportError).clause).toBe(SHARED_NAME_CLAUSE);
    expect((error as SqlImportError).message).toContain('technician.name');
  });

  it('accepts it where every name is one row\'s, with the SQL\'s own rows', async () => {
    const sql = 'SELECT T2.name, sum(T1.hours) FROM service AS T1 JOIN machine AS T2 ON T1.machine_id = T2.machine_id GROUP BY T2.name';
    const imported = sqlToPlan(sql, fixture.model);
    await expect(refuseSharedNames(imported.namesAssumedUnique, fixture.model, fixture.dataSource, scope())).resolves.toBeUndefined();
    expect(await planRows(sql)).toEqual(sqlRows(sql));
    expect(sqlRows(sql)).toEqual(['["Lathe",5]', '["Press",1]']);
  });

  it('asks nothing of a GROUP BY of the key, and refuses a GROUP BY of the name outright where no one tenant\'s rows can be asked', () => {
    expect(sqlToPlan('SELECT T2.name, count(*) FROM repair AS T1 JOIN technician AS T2 ON T1.technician_id = T2.technician_id GROUP BY T2.technician_id', fixture.model).namesAssumedUnique).toEqual([]);
    expect(() => refuseUncheckedSharedNames([{ entity: 'machine', field: 'name' }])).toThrow(expect.objectContaining({ clause: SHARED_NAME_CLAUSE }));
    expect(() => refuseUncheckedSharedNames([])).not.toThrow();
  });
});
