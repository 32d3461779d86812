/**
 * Loads the distinct values of every field marked `indexValues` (categories, titles, cities...) so the value
 * index can match them in questions. One `SELECT DISTINCT` per field; identifiers come from the model and
 * are double-quoted (embedded quotes doubled), no value ever appears in the SQL text. A field with more
 * distinct values than `maxPerField` is skipped: it is free text, not a category. Hidden fields are never
 * loaded. Values are read across all tenants, so this is not what answers questions (the service loads
 * each tenant's own values: load-tenant-values.ts); the bench uses it to size a whole-database index.
 */
import type { DataSource } from '../datasource/data-source';
import type { ModelEntity, ModelField, SemanticModel } from './semantic-model';
import type { IndexedValue } from './value-index';

export interface LoadIndexedValuesOptions {
  maxPerField?: number;
  timeoutMs?: number;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function distinctValuesSql(entity: ModelEntity, field: ModelField): string {
  const table = entity.schema === undefined ? quoteIdentifier(entity.table) : `${quoteIdentifier(entity.schema)}.${quoteIdentifier(entity.table)}`;
  const column = quoteIdentifier(field.column);
  return `SELECT DISTINCT ${column} AS "value" FROM ${table} WHERE ${column} IS NOT NULL`;
}

export async function loadIndexedValues(model: SemanticModel, dataSource: DataSource, options: LoadIndexedValuesOptions = {}): Promise<IndexedValue[]> {
  const maxPerField = options.maxPerField ?? 5000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const values: IndexedValue[] = [];
  for (const entity of Object.values(model.entities)) {
    for (const field of Object.values(entity.fields)) {
      if (!field.indexValues || field.hidden) continue;
      // One row more than allowed tells "too many" apart from "exactly the limit".
      const result = await dataSource.execute({ sql: distinctValuesSql(entity, field), parameters: [] }, { timeoutMs, maxRows: maxPerField + 1 });
      if (result.truncated || result.rows.length > maxPerField) continue;
      const seen = new Set<string>();
      for (const row of result.rows) {
        const raw = row.value;
        if (raw === null || raw === undefined) continue;
        // Kept verbatim (no trim): a matched value becomes an equality filter and must equal the stored one.
        const value = typeof raw === 'string' ? raw : String(raw);
        if (value.trim() === '' || seen.has(value)) continue;
        seen.add(value);
        values.push({ entity: entity.name, field: field.name, value });
      }
    }
  }
  return values;
}
