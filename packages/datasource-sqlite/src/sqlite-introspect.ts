/** Tables, columns, primary and foreign keys of a SQLite file, from sqlite_master and the pragma functions. */
import type Database from 'better-sqlite3';
import { normaliseNativeType, type TableInfo } from '@askdata/core';

interface PragmaColumn { name: string; type: string; notnull: number; pk: number }
interface PragmaForeignKey { table: string; from: string; to: string | null }

export function introspectSqlite(db: Database.Database): TableInfo[] {
  const tables = db
    .prepare("select name from sqlite_master where type in ('table', 'view') and name not like 'sqlite\\_%' escape '\\' order by name")
    .all() as { name: string }[];
  const columnsOf = db.prepare('select name, type, "notnull", pk from pragma_table_info(?) order by cid');
  const foreignKeysOf = db.prepare('select "table", "from", "to" from pragma_foreign_key_list(?) order by id, seq');
  // Single-column unique indexes (UNIQUE constraints create one too): keys other tables may point at.
  const uniqueOf = db.prepare(
    'select ii.name as name from pragma_index_list(?) il join pragma_index_info(il.name) ii where il."unique" = 1 group by il.name having count(*) = 1',
  );
  const countOf = (name: string): number | undefined => {
    try {
      const row = db.prepare(`select count(*) as n from "${name.replace(/"/g, '""')}"`).get() as { n: number };
      return row.n;
    } catch {
      return undefined;
    }
  };
  return tables.map(({ name }) => {
    const unique = new Set((uniqueOf.all(name) as { name: string }[]).map((row) => row.name));
    const columns = (columnsOf.all(name) as PragmaColumn[]).map((c) => ({
      name: c.name,
      type: normaliseNativeType(c.type),
      nativeType: c.type,
      nullable: c.notnull === 0 && c.pk === 0,
      primaryKey: c.pk > 0,
      ...(unique.has(c.name) ? { unique: true } : {}),
    }));
    const primaryKey = columns.find((c) => c.primaryKey)?.name ?? 'rowid';
    const foreignKeys = (foreignKeysOf.all(name) as PragmaForeignKey[]).map((fk) => ({
      column: fk.from,
      referencedTable: fk.table,
      // A foreign key without a column list references the parent's primary key.
      referencedColumn: fk.to ?? primaryKeyOf(db, fk.table) ?? primaryKey,
    }));
    const rowCountEstimate = countOf(name);
    return { name, columns, foreignKeys, ...(rowCountEstimate === undefined ? {} : { rowCountEstimate }) };
  });
}

function primaryKeyOf(db: Database.Database, table: string): string | undefined {
  const row = db.prepare('select name from pragma_table_info(?) where pk = 1').get(table) as { name: string } | undefined;
  return row?.name;
}
