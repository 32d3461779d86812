/** @askdata/datasource-postgres: core's DataSource port on PostgreSQL (read-only transactions), with its dialect hooks. */
export { openPostgresDataSource, describePostgresUrl, type PostgresOptions } from './postgres-data-source';
export { postgresHooks } from './postgres-dialect';
export { readOnlyRoleSql, type ReadOnlyRoleOptions } from './read-only-role';
export { rlsRoleNameProblem, type TableName, type TenantRlsOptions } from './tenant-rls-check';
export { scopedTablesOf, tenantRlsSql, type TenantRlsSqlOptions } from './tenant-rls-sql';
export { cappedQueryText } from './capped-query';
export { transactionSettings, type TenantLocals } from './transaction-settings';
