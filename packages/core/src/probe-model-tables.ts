/**
 * Readiness of the data source for this model: one query that touches every table the model names and
 * reads no row. A file emptied or replaced in place, or a database missing a table, used to leave /readyz
 * at 200 while every question failed with "no such table"; the probe runs through execute(), as questions
 * do (for SQLite: in the worker processes, on the file as it is now).
 */
import type { DataSource } from './datasource/data-source';
import type { SemanticModel } from './semantic/semantic-model';

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export function modelTablesProbeSql(model: SemanticModel): string {
  const tables = Object.values(model.entities).map((entity) => (entity.schema === undefined ? quote(entity.table) : `${quote(entity.schema)}.${quote(entity.table)}`));
  return [...new Set(tables)].map((table) => `select 1 as "ok" from ${table} where 1 = 0`).join(' union all ');
}

export async function probeModelTables(model: SemanticModel, dataSource: DataSource): Promise<void> {
  // It reads no row, so it states that it carries no tenant values (settings: {}): under PostgreSQL
  // row-level security it runs as the restricted role, which also checks that role can read every table.
  await dataSource.execute({ sql: modelTablesProbeSql(model), parameters: [], session: { settings: {} } }, { timeoutMs: 2000, maxRows: 1 });
}
