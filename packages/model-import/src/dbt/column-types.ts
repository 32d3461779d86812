/**
 * Column types for a dbt project (issue 40). dbt's semantic models state none: a categorical dimension may
 * be text or a number, and a measure's `sum` of a column typed 'string' by default failed validation ("sum
 * needs numeric fields"). Each field whose type the source did not state takes it from, in order:
 *
 * 1. `target/manifest.json` (what `dbt docs generate` or a contract wrote: `nodes.<model>.columns.<c>.data_type`);
 * 2. the data source's own columns (introspected by the caller, who holds the connection);
 * 3. the measures: a column a sum, average or median adds up is a number;
 * 4. else the reader's default stays.
 *
 * The report says, per field, which one it was.
 */
import { normaliseNativeType, type FieldType, type TableInfo } from '@askdata/core';
import type { ImportReport } from '../draft/import-report';
import type { ModelDraft } from '../draft/model-draft';

/** Lower-cased table name -> lower-cased column name -> type. */
export type ColumnTypes = Map<string, Map<string, FieldType>>;

const NUMERIC_AGGREGATIONS = new Set(['sum', 'avg', 'median']);

function typeOf(native: string): FieldType | undefined {
  const type = normaliseNativeType(native);
  return type === 'unknown' ? undefined : type;
}

/** The types a dbt manifest.json states, by model name (and alias, the relation's name). */
export function manifestColumnTypes(manifest: unknown): ColumnTypes {
  const types: ColumnTypes = new Map();
  const nodes = (manifest as { nodes?: Record<string, unknown> } | null)?.nodes;
  if (typeof nodes !== 'object' || nodes === null) return types;
  for (const node of Object.values(nodes) as Array<Record<string, unknown>>) {
    if (node?.resource_type !== 'model' && node?.resource_type !== 'seed' && node?.resource_type !== 'snapshot') continue;
    const columns = new Map<string, FieldType>();
    for (const column of Object.values((node.columns ?? {}) as Record<string, { name?: unknown; data_type?: unknown }>)) {
      const type = typeof column?.data_type === 'string' ? typeOf(column.data_type) : undefined;
      if (typeof column?.name === 'string' && type !== undefined) columns.set(column.name.toLowerCase(), type);
    }
    if (columns.size === 0) continue;
    for (const name of [node.name, node.alias]) if (typeof name === 'string') types.set(name.toLowerCase(), columns);
  }
  return types;
}

export function databaseColumnTypes(tables: readonly TableInfo[]): ColumnTypes {
  const types: ColumnTypes = new Map();
  for (const table of tables) {
    const columns = new Map<string, FieldType>();
    for (const column of table.columns) if (column.type !== 'unknown') columns.set(column.name.toLowerCase(), column.type);
    types.set(table.name.toLowerCase(), columns);
  }
  return types;
}

/** Field keys a numeric aggregation of the entity reads (its measures' expressions name fields by key). */
function summedFields(entity: ModelDraft['entities'][string]): Set<string> {
  const keys = new Set<string>();
  for (const measure of Object.values(entity.measures)) {
    if (measure.aggregation === undefined || !NUMERIC_AGGREGATIONS.has(measure.aggregation) || measure.expression === undefined) continue;
    for (const name of measure.expression.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) keys.add(name);
  }
  return keys;
}

export function settleAssumedTypes(draft: ModelDraft, sources: { manifest?: ColumnTypes; database?: ColumnTypes }, report: ImportReport): void {
  for (const entity of Object.values(draft.entities)) {
    const summed = summedFields(entity);
    for (const [key, field] of Object.entries(entity.fields)) {
      const added = field.aggregatedAsNumber === true;
      delete field.aggregatedAsNumber;
      if (field.typeAssumed !== true || field.joinColumns !== undefined) continue;
      delete field.typeAssumed;
      const column = field.column.toLowerCase();
      const fromManifest = sources.manifest?.get(entity.table.toLowerCase())?.get(column);
      const fromDatabase = sources.database?.get(entity.table.toLowerCase())?.get(column);
      const where = `type of ${entity.key}.${key}`;
      if (fromManifest !== undefined) {
        field.type = fromManifest;
        report.note(`${where}: ${fromManifest}, from target/manifest.json`);
      } else if (fromDatabase !== undefined) {
        field.type = fromDatabase;
        report.note(`${where}: ${fromDatabase}, from the data source's column ${entity.table}.${field.column}`);
      } else if (added || summed.has(key)) {
        field.type = 'number';
        report.note(`${where}: number, from the measures that add it up (no manifest or data source states it)`);
      } else {
        report.note(`${where}: ${field.type}, assumed (no manifest, data source or measure states it)`);
      }
    }
  }
}
