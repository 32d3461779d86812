/**
 * Snowflake logical tables -> entities. Dimensions, time dimensions and facts become fields (typed from
 * their data_type); a fact's default aggregation is how askdata aggregates any numeric field, as asked.
 * Sample values, an enum flag or a Cortex Search service say the values are worth matching in questions:
 * the field indexes its values (each tenant's own, read from the data; the samples are not copied into the
 * model, where every tenant would see them). Named filters are reported as not carried.
 */
import type { FieldType } from '@askdata/core';
import type { ImportReport, Where } from '../draft/import-report';
import { type EntityDraft, type FieldDraft, addSynonyms, fieldForColumn, newEntity, uniqueKey } from '../draft/model-draft';
import { keyOf, readRowExpression } from '../draft/read-columns';
import type { SqlNode } from '../sql/sql-expression';
import type { SnowflakeDimension, SnowflakeFact, SnowflakeTable } from './snowflake-schema';
import { fieldTypeOf } from './snowflake-types';

/** A logical table read: its entity, and what each logical column name means (a field, or an expression to inline). */
export interface TableEntity {
  table: SnowflakeTable;
  entity: EntityDraft;
  columns: Map<string, { key: string } | { node: SqlNode }>;
}

type Column = { kind: 'dimension' | 'time' | 'fact'; value: SnowflakeDimension | SnowflakeFact };

export function readSnowflakeTable(table: SnowflakeTable, key: string, where: Where, report: ImportReport): TableEntity {
  const qualifiers = [table.base_table.database, table.base_table.schema].filter((part): part is string => typeof part === 'string' && part !== '');
  if (qualifiers.length > 0) report.note(`table ${table.name}: ${qualifiers.join('.')} is not kept; askdata reads ${table.base_table.table} from its data source`, where);
  const entity = newEntity(key, table.base_table.table, where);
  if (table.description) entity.description = table.description.trim();
  addSynonyms(entity.synonyms, table.synonyms ?? []);
  const read: TableEntity = { table, entity, columns: new Map() };
  const lists: Array<[string, Column['kind'], ReadonlyArray<SnowflakeDimension | SnowflakeFact> | null | undefined]> = [
    ['dimensions', 'dimension', table.dimensions],
    ['time_dimensions', 'time', table.time_dimensions],
    ['facts', 'fact', table.facts],
    ['measures', 'fact', table.measures],
  ];
  for (const [list, kind, columns] of lists) (columns ?? []).forEach((column, i) => readColumn({ kind, value: column }, read, { ...where, path: `${where.path}.${list}[${i}]` }, report));
  if (table.columns) report.skip({ ...where, path: `${where.path}.columns` }, `columns of ${table.name}`, 'the first form of the spec (one list of columns with kinds) is not read; list them as dimensions, time_dimensions and facts');
  if (table.primary_key) {
    const at = { ...where, path: `${where.path}.primary_key` };
    if (table.primary_key.columns.length === 1) entity.primaryKey = keyColumn(read, table.primary_key.columns[0] ?? '');
    else report.skip(at, `composite primary key of ${table.name}`, 'askdata keys an entity by one column');
  }
  (table.filters ?? []).forEach((filter, i) => report.skip({ ...where, path: `${where.path}.filters[${i}]` }, `filter ${filter.name}`, 'named filters are not carried; ask with the condition ("orders over $100") instead'));
  return read;
}

function readColumn(column: Column, read: TableEntity, where: Where, report: ImportReport): void {
  const value = column.value;
  const row = readRowExpression(value.expr);
  if (row.kind === 'arithmetic') {
    read.columns.set(value.name, { node: row.node });
    report.skip(where, `computed ${column.kind} ${value.name}`, 'askdata fields read columns; its arithmetic is kept inside the metrics that use it');
    return;
  }
  if (row.kind === 'other') {
    report.skip(where, `${column.kind} ${value.name}`, row.reason);
    return;
  }
  const declared = fieldTypeOf(value.data_type);
  if (value.data_type && declared === undefined) {
    report.skip(where, `${column.kind} ${value.name}`, `its data type ${value.data_type} is not one an askdata field holds`);
    return;
  }
  const type: FieldType = declared ?? (column.kind === 'time' ? 'datetime' : column.kind === 'fact' ? 'number' : 'string');
  if (!value.data_type) report.note(`${column.kind} ${value.name} has no data_type; read as ${type}`, where);
  const field: FieldDraft = row.kind === 'joined' ? { column: row.columns[0] ?? '', joinColumns: row.columns, type: 'string', synonyms: [] } : { column: row.column, type, synonyms: [] };
  if (column.kind === 'time') {
    if (type === 'date' || type === 'datetime') field.role = 'time';
    else report.note(`time dimension ${value.name} is a ${type}; askdata reads periods from date fields only, so it is a category`, where);
  } else if (column.kind === 'fact') field.role = 'measure';
  if (value.description) field.description = value.description.trim();
  addSynonyms(field.synonyms, value.synonyms ?? []);
  if (value.access_modifier === 'private_access') field.hidden = true;
  const dimension = value as SnowflakeDimension;
  const hinted = (dimension.sample_values?.length ?? 0) > 0 || dimension.is_enum === true || dimension.cortex_search_service != null || typeof dimension.cortex_search_service_name === 'string';
  if (hinted && field.type === 'string' && field.joinColumns === undefined && field.hidden !== true) field.indexValues = true;
  if ((dimension.sample_values?.length ?? 0) > 0 && field.indexValues !== true) report.note(`${column.kind} ${value.name}: sample values are not kept (askdata matches values read from each tenant's data, and indexes text fields only)`, where);
  if (dimension.unique) report.note(`${column.kind} ${value.name} is unique; askdata needs no uniqueness hint`, where);
  const fact = value as SnowflakeFact;
  if (fact.default_aggregation) report.note(`fact ${value.name}: its default aggregation (${fact.default_aggregation}) is not kept; askdata aggregates a numeric field as each question asks`, where);
  const key = uniqueKey(Object.keys(read.entity.fields), keyOf(value.name));
  read.entity.fields[key] = field;
  read.columns.set(value.name, { key });
}

/** The field a key names: a logical column (a dimension or fact name), else a physical column, declared as an identifier. */
export function keyColumn(read: TableEntity, name: string): string {
  const logical = read.columns.get(name) ?? [...read.columns.entries()].find(([known]) => known.toLowerCase() === name.toLowerCase())?.[1];
  if (logical !== undefined && 'key' in logical) {
    const field = read.entity.fields[logical.key];
    if (field !== undefined && field.role !== 'time') field.role = 'identifier';
    return logical.key;
  }
  const known = fieldForColumn(read.entity, name);
  if (known !== undefined) return known;
  const key = uniqueKey(Object.keys(read.entity.fields), keyOf(name));
  read.entity.fields[key] = { column: name, type: 'integer', role: 'identifier', synonyms: [] };
  return key;
}
