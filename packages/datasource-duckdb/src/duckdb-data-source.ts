/**
 * DuckDB through @duckdb/node-api: a `.duckdb` file, a CSV or Parquet file, or a folder of them (see
 * duckdb-source.ts), opened and locked down once (duckdb-open.ts). Every query is one prepared SELECT
 * (anything else is refused before it runs) with its values bound, wrapped so that it reads at most
 * maxRows + 1 rows whatever its own limit says, and interrupted at its time limit.
 */
import { StatementType, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { CoreError, capRows, checkExecuteOptions, type CompiledQuery, type DataSource, type ExecuteOptions, type QueryResult, type TableInfo } from '@askdata/core';
import { DuckdbConnectionPool } from './duckdb-connection-pool';
import { toCoreError } from './duckdb-errors';
import { duckdbHooks } from './duckdb-dialect';
import { introspectDuckdb } from './duckdb-introspect';
import { openDuckdbInstance } from './duckdb-open';
import { resolveDuckdbSource } from './duckdb-source';
import { plainRows } from './duckdb-values';

export interface DuckdbOptions {
  /** Connections, i.e. queries that can run at once (default 4; each query also uses DuckDB's threads). */
  connections?: number;
}

/** A bound value as DuckDB should see it: integers as BIGINT-compatible numbers, the rest as they are. */
function bindable(value: unknown): DuckDBValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (typeof value === 'bigint') return value;
  throw new CoreError('INTERNAL', `Cannot bind a ${typeof value} as a DuckDB parameter.`);
}

async function runSelect(connection: DuckDBConnection, sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]> {
  const prepared = await connection.prepare(sql);
  try {
    if (prepared.statementType !== StatementType.SELECT) throw new CoreError('FORBIDDEN', 'Only read-only queries may run.');
    prepared.bind(parameters.map(bindable));
    return plainRows(await prepared.runAndReadAll());
  } finally {
    prepared.destroySync();
  }
}

export async function openDuckdbDataSource(url: string, options: DuckdbOptions = {}): Promise<DataSource> {
  const source = resolveDuckdbSource(url);
  const description = `duckdb:${source.kind === 'database' ? source.file : source.path}`;
  const instance = await openDuckdbInstance(source);
  const pool = new DuckdbConnectionPool(instance, options.connections ?? 4);
  let closed = false;

  const run = async <T>(timeoutMs: number, work: (connection: DuckDBConnection) => Promise<T>): Promise<T> => {
    try {
      return await pool.run(timeoutMs, work);
    } catch (error) {
      throw toCoreError(error, description);
    }
  };

  return {
    dialect: duckdbHooks,
    description,
    async execute(query: CompiledQuery, executeOptions: ExecuteOptions): Promise<QueryResult> {
      checkExecuteOptions(executeOptions);
      // The cap is applied around the compiled query, and wrapping makes a smuggled second statement a syntax error.
      const text = `select * from (${query.sql}) as "capped" limit ${executeOptions.maxRows + 1}`;
      const rows = await run(executeOptions.timeoutMs, (connection) => runSelect(connection, text, query.parameters));
      return capRows(rows, executeOptions.maxRows);
    },
    introspect: (): Promise<TableInfo[]> => run(30_000, introspectDuckdb),
    async ping(): Promise<void> {
      await run(5_000, (connection) => runSelect(connection, 'select 1', []));
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await pool.close();
      instance.closeSync();
    },
  };
}
