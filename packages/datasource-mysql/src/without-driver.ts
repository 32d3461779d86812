/**
 * @askdata/datasource-mysql/without-driver: how SQL is written for MySQL and MariaDB, without mysql2. The
 * router of data sources imports this eagerly and the adapter only when a URL names MySQL or MariaDB.
 */
export { mysqlHooks } from './mysql-dialect';
