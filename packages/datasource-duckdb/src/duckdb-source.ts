/**
 * What a DuckDB data source URL names: `duckdb:<path>` or a plain path to a `.duckdb` file, a `.csv` or
 * `.parquet` file, or a folder of CSV and Parquet files (each file one table, named after the file).
 * Resolved once at open; a path that names nothing usable fails here, naming it.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { CoreError } from '@askdata/core';

export type DuckdbFileKind = 'csv' | 'parquet';

export interface DuckdbFileTable {
  table: string;
  file: string;
  kind: DuckdbFileKind;
}

export type DuckdbSource = { kind: 'database'; file: string } | { kind: 'files'; path: string; tables: DuckdbFileTable[] };

const FILE_KINDS: Record<string, DuckdbFileKind> = { '.csv': 'csv', '.parquet': 'parquet' };

/** True for URLs this adapter serves: the `duckdb:` scheme, or a path ending in .duckdb, .csv or .parquet. */
export function isDuckdbUrl(url: string): boolean {
  return /^duckdb:/i.test(url) || /\.(duckdb|csv|parquet)$/i.test(url.trim());
}

export function duckdbPath(url: string): string {
  return resolve(url.trim().replace(/^duckdb:/i, ''));
}

function fileTable(file: string): DuckdbFileTable | undefined {
  const kind = FILE_KINDS[extname(file).toLowerCase()];
  return kind === undefined ? undefined : { table: basename(file, extname(file)), file, kind };
}

export function resolveDuckdbSource(url: string): DuckdbSource {
  const path = duckdbPath(url);
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) throw new CoreError('DATASOURCE_UNAVAILABLE', `DuckDB data not found: ${path}`, { details: { file: path } });
  if (stat.isDirectory()) {
    const tables = readdirSync(path)
      .sort()
      .map((name) => fileTable(join(path, name)))
      .filter((table): table is DuckdbFileTable => table !== undefined);
    if (tables.length === 0) throw new CoreError('DATASOURCE_UNAVAILABLE', `The folder ${path} holds no .csv or .parquet file.`, { details: { file: path } });
    const seen = new Set<string>();
    for (const { table, file } of tables) {
      // Two files would be one table ("sales.csv" and "sales.parquet"): refuse rather than pick one.
      if (seen.has(table.toLowerCase())) throw new CoreError('CONFIG_INVALID', `Two files in ${path} would both be the table "${table}" (${basename(file)}).`, { details: { file } });
      seen.add(table.toLowerCase());
    }
    return { kind: 'files', path, tables };
  }
  const single = fileTable(path);
  if (single !== undefined) return { kind: 'files', path, tables: [single] };
  return { kind: 'database', file: path };
}
