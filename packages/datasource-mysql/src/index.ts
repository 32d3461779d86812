/** @askdata/datasource-mysql: core's DataSource port on MySQL and MariaDB (read-only sessions), with its dialect hooks. */
export { openMysqlDataSource, type MysqlOptions } from './mysql-data-source';
export { describeMysqlUrl } from './mysql-url';
export { mysqlHooks } from './mysql-dialect';
export { introspectMysql } from './mysql-introspect';
export { readOnlyUserSql, type ReadOnlyUserOptions } from './read-only-user';
export { spiderStatementSettings } from './spider-settings';
