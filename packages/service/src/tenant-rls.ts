/**
 * TENANT_RLS=on at start-up: what the PostgreSQL adapter needs for the second lock (the role, and the
 * tables the model scopes by tenant), refused with CONFIG_INVALID when the lock cannot apply: a data source
 * that is not PostgreSQL, or a model that scopes no table by a tenant column. Then the adapter's check of
 * the role, which stops start-up when the role could bypass row-level security. An unreachable database
 * does not stop start-up (askdata starts while its database is down); the adapter then checks before its
 * first query and refuses every query until the check passes.
 */
import { CoreError, isCoreError, type DataSource, type SemanticModel } from '@askdata/core';
import { scopedTablesOf, type TenantRlsOptions } from '@askdata/datasource-postgres/without-driver';
import { isPostgresUrl } from '@askdata/env';

export function tenantRlsOptionsFor(dataSourceUrl: string, model: SemanticModel | undefined, role: string): TenantRlsOptions {
  if (!isPostgresUrl(dataSourceUrl.trim())) {
    throw new CoreError('CONFIG_INVALID', 'TENANT_RLS=on needs a PostgreSQL data source (DATA_SOURCE_URL=postgres://…): row-level security is enforced by PostgreSQL.');
  }
  if (model === undefined || model.tenancy.mode !== 'context') {
    throw new CoreError('CONFIG_INVALID', 'TENANT_RLS=on needs a semantic model (SEMANTIC_MODEL) whose tenancy maps context keys to tenant columns.');
  }
  const scopedTables = scopedTablesOf(model);
  if (scopedTables.length === 0) throw new CoreError('CONFIG_INVALID', `TENANT_RLS=on, but ${model.source} scopes no table by a tenant column, so there is nothing for row-level security to guard.`);
  // PostgreSQL folds setting names to lower case: two keys that differ only in case would share one setting.
  const byFolded = new Map<string, string>();
  for (const key of Object.keys(model.tenancy.keys)) {
    const other = byFolded.get(key.toLowerCase());
    if (other !== undefined) throw new CoreError('CONFIG_INVALID', `TENANT_RLS=on, but context keys "${other}" and "${key}" differ only in case, and PostgreSQL settings (askdata.<key>) do not.`);
    byFolded.set(key.toLowerCase(), key);
  }
  return { role, scopedTables };
}

/** Stops start-up when the role could bypass row-level security; tolerates a database that is down. */
export async function checkTenantRlsAtStartup(dataSource: DataSource): Promise<void> {
  if (dataSource.checkRowLevelSecurity === undefined) throw new CoreError('CONFIG_INVALID', 'TENANT_RLS=on needs a PostgreSQL data source.');
  try {
    await dataSource.checkRowLevelSecurity();
  } catch (error) {
    if (isCoreError(error) && error.code === 'DATASOURCE_UNAVAILABLE') return;
    throw error;
  }
}
