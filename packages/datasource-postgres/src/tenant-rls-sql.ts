/**
 * The SQL an operator runs once for TENANT_RLS=on, written from the semantic model: a NOLOGIN role that can
 * only read the model's tables, granted to askdata's login; then on every table the model scopes by tenant,
 * row-level security enabled and forced, and one SELECT policy comparing each tenant column with the setting askdata sets in
 * every query's transaction. Kept as code, like readOnlyRoleSql, so the text docs/reliability.md shows for
 * the demo model is the text the tests run.
 *
 * The policy reads `nullif(current_setting('askdata.<key>', true), '')`: with `true` an unset setting is
 * NULL instead of an error, and once any transaction on a pooled connection has set it, PostgreSQL keeps
 * an empty string for it afterwards, which nullif turns back into NULL. A NULL compares as unknown, so a
 * query without the setting sees no rows, never an error and never every tenant's rows.
 */
import type { FieldType, ModelEntity, SemanticModel } from '@askdata/core';
import { settingName } from './transaction-settings';
import type { TableName } from './tenant-rls-check';

export interface TenantRlsSqlOptions {
  /** The NOLOGIN role queries run as (TENANT_RLS_ROLE). */
  role: string;
  /** askdata's login (the user of DATA_SOURCE_URL), which switches to the role in each transaction. */
  login: string;
}

const PLAIN = /^[a-z_][a-z0-9_]*$/;
const ident = (name: string): string => (PLAIN.test(name) ? name : `"${name.replace(/"/g, '""')}"`);
const tableRef = (table: TableName): string => (table.schema === undefined ? ident(table.table) : `${ident(table.schema)}.${ident(table.table)}`);

/** The cast that makes the setting's text comparable with the column, so the column's index still serves. */
const castFor: Record<FieldType, string> = { integer: '::bigint', number: '::numeric', boolean: '::boolean', date: '::date', datetime: '::timestamptz', string: '' };

/** The model's scoped entities' tables, once each: the tables row-level security must guard. */
export function scopedTablesOf(model: SemanticModel): TableName[] {
  const seen = new Map<string, TableName>();
  for (const entity of Object.values(model.entities)) {
    if (entity.tenancy.kind !== 'scoped') continue;
    const table = entity.schema === undefined ? { table: entity.table } : { schema: entity.schema, table: entity.table };
    seen.set(tableRef(table), table);
  }
  return [...seen.values()];
}

function condition(entity: ModelEntity, contextKey: string, column: string): string {
  const setting = `nullif(current_setting('${settingName(contextKey)}', true), '')`;
  const field = Object.values(entity.fields).find((f) => f.column === column && f.joinColumns === undefined);
  // A tenant column the model does not describe as a field: compare as text (correct, but without the index).
  if (field === undefined) return `${ident(column)}::text = ${setting}`;
  return `${ident(column)} = ${setting}${castFor[field.type]}`;
}

export function tenantRlsSql(model: SemanticModel, options: TenantRlsSqlOptions): string {
  const role = ident(options.role);
  const schemas = new Set<string>();
  const lines = [
    `CREATE ROLE ${role} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;`,
    `GRANT ${role} TO ${ident(options.login)};`,
  ];
  const tables = new Set<string>();
  for (const entity of Object.values(model.entities)) {
    schemas.add(entity.schema ?? 'public');
    tables.add(tableRef(entity.schema === undefined ? { table: entity.table } : { schema: entity.schema, table: entity.table }));
  }
  for (const schema of [...schemas].sort()) lines.push(`GRANT USAGE ON SCHEMA ${ident(schema)} TO ${role};`);
  // The model's tables by name, not ALL TABLES: that would also grant a partitioned table's partitions
  // (foreign ones on shards among them), which a query can name to get around the parent's policies.
  lines.push(`GRANT SELECT ON ${[...tables].join(', ')} TO ${role};`);
  const done = new Set<string>();
  for (const entity of Object.values(model.entities)) {
    if (entity.tenancy.kind !== 'scoped') continue;
    const table = tableRef(entity.schema === undefined ? { table: entity.table } : { schema: entity.schema, table: entity.table });
    if (done.has(table)) continue;
    done.add(table);
    const using = Object.entries(entity.tenancy.columns).map(([key, column]) => condition(entity, key, column)).join(' AND ');
    lines.push(
      `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;`,
      `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;`,
      `CREATE POLICY tenant_isolation ON ${table} FOR SELECT TO ${role}`,
      `  USING (${using});`,
    );
  }
  return lines.join('\n');
}
