/**
 * The pure parts of the adapter, without a server: the per-statement settings for each flavour (MySQL's
 * path is not run on these machines, so its text is pinned here), value conversion, the read-only user's
 * SQL and the reading of SHOW GRANTS lines as MySQL and MariaDB print them.
 */
import { flavourOf, mariadbStatement, mysqlSessionSettings } from '../src/mysql-statement';
import { toNumberIfSafe, utcIso } from '../src/mysql-values';
import { userWarnings } from '../src/user-warnings';
import { readOnlyUserSql } from '../src/index';

describe('per-statement settings', () => {
  it('tells MariaDB from MySQL by the version text', () => {
    expect(flavourOf('10.11.19-MariaDB-0+deb12u1')).toBe('mariadb');
    expect(flavourOf('8.0.36')).toBe('mysql');
    expect(flavourOf('5.5.5-10.6.16-MariaDB')).toBe('mariadb');
  });

  it('scopes the limits to the statement on MariaDB, in seconds', () => {
    expect(mariadbStatement('select 1', { timeoutMs: 1500, rowCap: 101 })).toBe(
      "SET STATEMENT max_statement_time=1.500, sql_select_limit=101, time_zone='+00:00', div_precision_increment=30 FOR select 1",
    );
  });

  it('turns subquery materialization off for the statement on a database with Spider tables (wrong NOT EXISTS answers otherwise)', () => {
    expect(mariadbStatement('select 1', { timeoutMs: 1500, rowCap: 101 }, { spiderTables: true })).toBe(
      "SET STATEMENT max_statement_time=1.500, sql_select_limit=101, time_zone='+00:00', div_precision_increment=30, optimizer_switch='materialization=off' FOR select 1",
    );
  });

  it('sets them on the session before the statement on MySQL, in milliseconds', () => {
    expect(mysqlSessionSettings({ timeoutMs: 1500, rowCap: 101 })).toBe("SET SESSION max_execution_time=1500, sql_select_limit=101, time_zone='+00:00', div_precision_increment=30");
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 60])('refuses %p as a limit', (bad) => {
    expect(() => mariadbStatement('select 1', { timeoutMs: bad, rowCap: 1 })).toThrow(/timeoutMs/);
    expect(() => mysqlSessionSettings({ timeoutMs: 1, rowCap: bad })).toThrow(/rowCap/);
  });
});

describe('values', () => {
  it('keeps exact numbers as numbers and the rest as text', () => {
    expect(toNumberIfSafe('12.50')).toBe(12.5);
    expect(toNumberIfSafe('-3')).toBe(-3);
    expect(toNumberIfSafe('12345678901234567890')).toBe('12345678901234567890');
  });

  it('reads date-times as UTC ISO text, and leaves a zero date alone', () => {
    expect(utcIso('2025-03-04 05:06:07')).toBe('2025-03-04T05:06:07.000Z');
    expect(utcIso('2025-03-04 05:06:07.123456')).toBe('2025-03-04T05:06:07.123Z');
    expect(utcIso('0000-00-00 00:00:00')).toBe('0000-00-00 00:00:00');
  });
});

describe('the read-only user', () => {
  it('grants SELECT and SHOW VIEW on one database, escaping the password', () => {
    expect(readOnlyUserSql({ user: 'reader', database: 'shop', host: '10.0.%', password: "it's\\x" })).toBe(
      "CREATE USER 'reader'@'10.0.%' IDENTIFIED BY 'it''s\\\\x';\nGRANT SELECT, SHOW VIEW ON `shop`.* TO 'reader'@'10.0.%';",
    );
  });

  it('refuses names that are not plain identifiers', () => {
    expect(() => readOnlyUserSql({ user: "x'; drop", database: 'shop' })).toThrow(/identifier/);
    expect(() => readOnlyUserSql({ user: 'reader', database: 'shop`; drop' })).toThrow(/identifier/);
    expect(() => readOnlyUserSql({ user: 'reader', database: 'shop', host: "%' or" })).toThrow(/host/);
  });
});

describe('privilege warnings from SHOW GRANTS', () => {
  const grants = (...lines: string[]) => async () => lines.map((line) => ({ 'Grants for someone': line }));

  it('says nothing for the read-only user', async () => {
    await expect(userWarnings(grants('GRANT USAGE ON *.* TO `reader`@`%`', 'GRANT SELECT, SHOW VIEW ON `shop`.* TO `reader`@`%`'))).resolves.toEqual([]);
  });

  it('warns about writes on one database, on every database, and FILE', async () => {
    await expect(userWarnings(grants('GRANT USAGE ON *.* TO `app`@`%`', 'GRANT SELECT, INSERT, UPDATE ON `shop`.* TO `app`@`%`'))).resolves.toEqual([
      expect.stringMatching(/insert, update, delete/),
    ]);
    await expect(userWarnings(grants('GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION'))).resolves.toEqual([
      expect.stringMatching(/every database/),
      expect.stringMatching(/FILE/),
    ]);
    await expect(userWarnings(grants('GRANT SELECT, FILE ON *.* TO `etl`@`%`'))).resolves.toEqual([expect.stringMatching(/FILE/)]);
  });
});
