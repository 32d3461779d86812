/**
 * Tables, columns, primary and foreign keys from pg_catalog, for the schemas on the search path
 * (current_schemas(false) never includes pg_catalog or information_schema).
 *
 * A partitioned table (relkind 'p') is the table; its partitions (relispartition: local tables, or foreign
 * tables on other servers when the data is sharded with postgres_fdw) are where its rows are kept, not
 * tables of their own, so they are left out. Foreign tables are left out too.
 */
import { normaliseNativeType, type TableInfo } from '@askdata/core';
import type { ExtendedQuery } from './pg-extended';

const tablesSql = `
select n.nspname as schema, c.relname as name, c.oid::int8 as oid, greatest(c.reltuples, 0)::int8 as estimate,
  obj_description(c.oid, 'pg_class') as comment
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p', 'v', 'm') and not c.relispartition and n.nspname = any (current_schemas(false))
order by n.nspname, c.relname`;

const columnsSql = `
select a.attrelid::int8 as oid, a.attname as name, format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
  exists (select 1 from pg_constraint p where p.conrelid = a.attrelid and p.contype = 'p' and a.attnum = any (p.conkey)) as pk,
  exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisunique and i.indnatts = 1 and i.indkey[0] = a.attnum) as uniq,
  col_description(a.attrelid, a.attnum) as comment
from pg_attribute a
where a.attrelid = any ($1::oid[]) and a.attnum > 0 and not a.attisdropped
order by a.attrelid, a.attnum`;

const foreignKeysSql = `
select c.conrelid::int8 as oid, a.attname as column, rt.relname as ref_table, ra.attname as ref_column
from pg_constraint c
cross join lateral unnest(c.conkey, c.confkey) as k(col, ref_col)
join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
join pg_class rt on rt.oid = c.confrelid
join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = k.ref_col
where c.contype = 'f' and c.conrelid = any ($1::oid[])
order by c.conname`;

interface TableRow { schema: string; name: string; oid: number; estimate: number; comment: string | null }
interface ColumnRow { oid: number; name: string; type: string; nullable: boolean; pk: boolean; uniq: boolean; comment: string | null }
interface ForeignKeyRow { oid: number; column: string; ref_table: string; ref_column: string }

export async function introspectPostgres(query: ExtendedQuery): Promise<TableInfo[]> {
  const tables = (await query<TableRow>(tablesSql)).rows;
  const oids = tables.map((t) => t.oid);
  const columns = (await query<ColumnRow>(columnsSql, [oids])).rows;
  const foreignKeys = (await query<ForeignKeyRow>(foreignKeysSql, [oids])).rows;
  return tables.map((table) => ({
    name: table.name,
    schema: table.schema,
    columns: columns
      .filter((c) => c.oid === table.oid)
      .map((c) => ({
        name: c.name,
        type: normaliseNativeType(c.type),
        nativeType: c.type,
        nullable: c.nullable && !c.pk,
        primaryKey: c.pk,
        ...(c.uniq ? { unique: true } : {}),
        ...(c.comment === null || c.comment.trim() === '' ? {} : { comment: c.comment.trim() }),
      })),
    foreignKeys: foreignKeys.filter((f) => f.oid === table.oid).map((f) => ({ column: f.column, referencedTable: f.ref_table, referencedColumn: f.ref_column })),
    rowCountEstimate: table.estimate,
    ...(table.comment === null || table.comment.trim() === '' ? {} : { comment: table.comment.trim() }),
  }));
}
