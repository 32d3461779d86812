/**
 * Keys the schema does not declare but the data shows: a column whose values are all different is a
 * candidate key, and a column whose values all occur in another table's key, and whose name points at
 * that table or key, is a foreign key nobody declared ("flights.airline" -> airlines.uid). Only such
 * keys become relations, so a join can never repeat rows (issue: joins that multiply rows).
 */
import type { ColumnInfo, DataSource, ForeignKeyInfo, TableInfo } from '../datasource/data-source';
import { findTableByBase, primaryKeyOf, referenceBase } from '../semantic/introspection-heuristics';
import { pluralize, singularize, splitWords } from '../semantic/humanize';
import { profileKey, valuesIncluded, type SchemaProfile } from './profile-schema';

/** True when the profile saw every row and every value was different (and present). */
function uniqueByData(table: TableInfo, column: ColumnInfo, profile: SchemaProfile): boolean {
  const stats = profile.get(profileKey(table));
  const seen = stats?.columns.get(column.name);
  return stats !== undefined && !stats.sampled && seen !== undefined && seen.values > 0 && seen.values === stats.rows && seen.distinct === seen.values;
}

/** The single column other tables reference this table by: its primary key, else a unique id-like column. */
export function keyColumnOf(table: TableInfo): string | undefined {
  const declared = primaryKeyOf(table);
  if (declared !== undefined) return declared;
  return table.columns.find((column) => column.unique === true && /(^|_)id$|Id$|ID$/.test(column.name))?.name;
}

const words = (name: string): string => splitWords(name).join(' ');

/** Tables (with the key column) that a column's name points at: "<x>_id" -> x, "airline" -> airlines, or another table's key name. */
function candidatesFor(column: ColumnInfo, owner: TableInfo, tables: readonly TableInfo[]): Array<{ table: TableInfo; key: string }> {
  const found: Array<{ table: TableInfo; key: string }> = [];
  const add = (table: TableInfo | undefined, key: string | undefined): void => {
    if (table === undefined || key === undefined || table === owner || found.some((f) => f.table === table)) return;
    found.push({ table, key });
  };
  const base = referenceBase(column.name);
  if (base !== undefined) {
    const target = findTableByBase(base, tables.filter((t) => t !== owner));
    add(target, target === undefined ? undefined : keyColumnOf(target));
  }
  const name = words(column.name);
  for (const table of tables) {
    const tableName = words(table.name);
    if (name === tableName || name === singularize(tableName) || name === pluralize(tableName)) add(table, keyColumnOf(table));
    const key = keyColumnOf(table);
    if (key !== undefined && words(key) === name && !/^(id|uid|code|name)$/.test(name)) add(table, key);
  }
  return found;
}

export interface InferKeysOptions {
  profile: SchemaProfile;
  dataSource: DataSource;
}

/** The tables with data-proven unique columns marked and data-proven foreign keys added. */
export async function inferKeys(tables: readonly TableInfo[], options: InferKeysOptions): Promise<TableInfo[]> {
  const withUnique = tables.map((table) => ({
    ...table,
    columns: table.columns.map((column) => (column.unique !== true && !column.primaryKey && uniqueByData(table, column, options.profile) ? { ...column, unique: true } : column)),
  }));
  const result: TableInfo[] = [];
  for (const table of withUnique) {
    const declared = new Set(table.foreignKeys.map((fk) => fk.column));
    const ownKey = primaryKeyOf(table);
    const inferred: ForeignKeyInfo[] = [];
    for (const column of table.columns) {
      if (declared.has(column.name) || column.name === ownKey) continue;
      const proven: Array<{ table: TableInfo; key: string }> = [];
      for (const candidate of candidatesFor(column, table, withUnique)) {
        if (await valuesIncluded(options.dataSource, table, column.name, candidate.table, candidate.key)) proven.push(candidate);
      }
      // Two tables the values fit equally well: the name does not say which is meant, so neither is.
      if (proven.length === 1 && proven[0] !== undefined) inferred.push({ column: column.name, referencedTable: proven[0].table.name, referencedColumn: proven[0].key });
    }
    result.push(inferred.length === 0 ? table : { ...table, foreignKeys: [...table.foreignKeys, ...inferred] });
  }
  return result;
}
