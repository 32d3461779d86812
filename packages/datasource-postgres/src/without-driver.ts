/**
 * @askdata/datasource-postgres/without-driver: how SQL is written for PostgreSQL, and the row-level
 * security statements and checks the service makes from a model, without pg. The router of data sources
 * imports this eagerly and the adapter only when a URL names PostgreSQL.
 */
export { postgresHooks } from './postgres-dialect';
export { readOnlyRoleSql, type ReadOnlyRoleOptions } from './read-only-role';
export { rlsRoleNameProblem, type TableName, type TenantRlsOptions } from './tenant-rls-check';
export { scopedTablesOf, tenantRlsSql, type TenantRlsSqlOptions } from './tenant-rls-sql';
