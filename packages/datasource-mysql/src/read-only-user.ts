/**
 * The SQL an operator runs once to give askdata its own MySQL/MariaDB login that can only read. It is
 * the second net under the data source's read-only sessions and transactions: the user holds SELECT (and
 * SHOW VIEW, to read view definitions) on one database and nothing else, no FILE privilege either, so not
 * even SELECT ... INTO OUTFILE writes. The same two statements work on MySQL and MariaDB. Kept as code so
 * the exact text in docs/reliability.md is the text a test runs.
 */
export interface ReadOnlyUserOptions {
  user: string;
  database: string;
  /** The hosts it may connect from ('%' = any). */
  host?: string;
  /** Printed as a placeholder in the docs. */
  password?: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const HOST = /^[a-z0-9_.%-]{1,60}$/i;

export function readOnlyUserSql(options: ReadOnlyUserOptions): string {
  const host = options.host ?? '%';
  for (const name of [options.user, options.database]) {
    if (!IDENTIFIER.test(name)) throw new Error(`readOnlyUserSql: "${name}" must be a plain lower-case identifier`);
  }
  if (!HOST.test(host)) throw new Error(`readOnlyUserSql: "${host}" is not a host pattern`);
  const password = (options.password ?? 'change-me').replace(/\\/g, '\\\\').replace(/'/g, "''");
  const account = `'${options.user}'@'${host}'`;
  return [
    `CREATE USER ${account} IDENTIFIED BY '${password}';`,
    `GRANT SELECT, SHOW VIEW ON \`${options.database}\`.* TO ${account};`,
  ].join('\n');
}
