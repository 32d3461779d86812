/**
 * Which engine a configured URL names. The store (DATABASE_URL) and the data source (DATA_SOURCE_URL)
 * both accept a PostgreSQL URL or a SQLite path/file: URL, and decide with this one test; the data source
 * also accepts a MySQL/MariaDB URL (isMysqlUrl).
 */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url.trim());
}

/** A MySQL or MariaDB URL (a data source only; the store is SQLite or PostgreSQL). */
export function isMysqlUrl(url: string): boolean {
  return /^(mysql|mariadb):\/\//i.test(url.trim());
}
