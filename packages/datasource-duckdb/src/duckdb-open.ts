/**
 * Opens the DuckDB instance a source names, and locks it down before any query can run:
 * - a `.duckdb` file is opened READ_ONLY (DuckDB itself refuses every write);
 * - CSV files are loaded into tables of an in-memory database, row by row checked (csv-validation.ts),
 *   so the user's file is never written and a malformed one fails here; Parquet files become views over
 *   the file (columnar already: copying them would cost memory and start-up for nothing).
 * Then external access goes off (only the Parquet files themselves stay readable, through
 * `allowed_paths`), extensions can no longer be installed or autoloaded, the zone is UTC, and the
 * configuration is locked, so no query can read another file, reach the network or undo any of this.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { CoreError } from '@askdata/core';
import { driverMessage } from './duckdb-errors';
import { headerDelimiter, headerLine, malformedCsvError, rejectOf, unreadableFileError, type CsvReject } from './csv-validation';
import type { DuckdbFileTable, DuckdbSource } from './duckdb-source';

const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const quoteText = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** Options every instance starts with: nothing is fetched or loaded behind our back, even while loading. */
const BASE_OPTIONS = { autoload_known_extensions: 'false', autoinstall_known_extensions: 'false', allow_community_extensions: 'false' } as const;

/** Reads a CSV into a throwaway rejects table and returns DuckDB's first complaint about it, if any. */
async function firstReject(connection: DuckDBConnection, readCsv: (rejectOptions: string) => string, index: number): Promise<CsvReject | undefined> {
  const rejects = `askdata_rejects_${index}`;
  const scans = `askdata_scans_${index}`;
  await connection.run(readCsv(`store_rejects = true, rejects_table = ${quoteText(rejects)}, rejects_scan = ${quoteText(scans)}`));
  const [first] = (await connection.runAndReadAll(`select line, byte_position, error_type, error_message from ${quoteIdentifier(rejects)} order by line, byte_position limit 1`)).getRowObjectsJS();
  await connection.run(`drop table ${quoteIdentifier(rejects)}`);
  await connection.run(`drop table ${quoteIdentifier(scans)}`);
  return first === undefined ? undefined : rejectOf(first);
}

async function loadCsv(connection: DuckDBConnection, { table, file }: DuckdbFileTable, index: number): Promise<void> {
  const header = headerLine(file);
  const delimiter = headerDelimiter(header);
  // RFC 4180 quoting is stated, not sniffed: a sniffer that may drop quoting reads an unterminated quote as data.
  const dialect = [...(delimiter === undefined ? [] : [`delim = ${quoteText(delimiter)}`]), `quote = '"'`];
  let reject: CsvReject | undefined;
  try {
    reject = await firstReject(connection, (rejectOptions) => `create table ${quoteIdentifier(table)} as select * from read_csv(${quoteText(file)}, ${[...dialect, rejectOptions].join(', ')})`, index);
  } catch (error) {
    // The sniffer gave up (a broken quote, say): read every field as text, the header's columns given,
    // so that DuckDB's rejects name the row that broke it. Only when even that fails is the file unreadable.
    const columns = delimiter === undefined ? [header] : header.split(delimiter);
    const struct = `{${columns.map((name, i) => `${quoteText(name.replace(/^"|"$/g, '') || `column${i}`)}: 'VARCHAR'`).join(', ')}}`;
    const strict = [...dialect, 'header = true', 'auto_detect = false', `columns = ${struct}`];
    const found = await firstReject(connection, (rejectOptions) => `select count(*) from read_csv(${quoteText(file)}, ${[...strict, rejectOptions].join(', ')})`, index).catch(() => undefined);
    throw found === undefined ? unreadableFileError(file, error) : malformedCsvError(file, found);
  }
  if (reject !== undefined) throw malformedCsvError(file, reject);
}

async function loadParquet(connection: DuckDBConnection, { table, file }: DuckdbFileTable): Promise<void> {
  try {
    await connection.run(`create view ${quoteIdentifier(table)} as select * from read_parquet(${quoteText(file)})`);
    await connection.run(`select count(*) from ${quoteIdentifier(table)}`); // reads the footer: not Parquet fails now
  } catch (error) {
    throw unreadableFileError(file, error);
  }
}

async function lockDown(connection: DuckDBConnection, readableFiles: readonly string[]): Promise<void> {
  if (readableFiles.length > 0) await connection.run(`set allowed_paths = [${readableFiles.map(quoteText).join(', ')}]`);
  await connection.run('set enable_external_access = false');
  await connection.run('set autoload_known_extensions = false');
  await connection.run('set autoinstall_known_extensions = false');
  await connection.run("set global TimeZone = 'UTC'");
  await connection.run('set lock_configuration = true');
}

export async function openDuckdbInstance(source: DuckdbSource): Promise<DuckDBInstance> {
  let instance: DuckDBInstance;
  try {
    instance = source.kind === 'database' ? await DuckDBInstance.create(source.file, { ...BASE_OPTIONS, access_mode: 'READ_ONLY' }) : await DuckDBInstance.create(':memory:', BASE_OPTIONS);
  } catch (error) {
    const file = source.kind === 'database' ? source.file : source.path;
    throw new CoreError('DATASOURCE_UNAVAILABLE', `Not a readable DuckDB database: ${file} (${driverMessage(error).split('\n')[0]})`, { details: { file }, cause: error });
  }
  const connection = await instance.connect();
  let opened = false;
  try {
    const parquetFiles: string[] = [];
    if (source.kind === 'files') {
      for (const [index, table] of source.tables.entries()) {
        if (table.kind === 'csv') await loadCsv(connection, table, index);
        else {
          await loadParquet(connection, table);
          parquetFiles.push(table.file);
        }
      }
    }
    await lockDown(connection, parquetFiles);
    opened = true;
    return instance;
  } finally {
    connection.closeSync();
    if (!opened) instance.closeSync();
  }
}
