/**
 * DuckDB through @duckdb/node-api: a `.duckdb` file, a CSV or Parquet file, or a folder of them (see
 * duckdb-source.ts), opened and locked down once (duckdb-open.ts). Every query is one prepared SELECT
 * (anything else is refused before it runs) with its values bound, wrapped so that it reads at most
 * maxRows + 1 rows whatever its own limit says, and interrupted at its time limit.
 */
import { StatementType, type DuckDBConnection, type DuckDBPreparedStatement, type DuckDBValue } from '@duckdb/node-api';
import { CoreError, capRows, checkExecuteOptions, refuseTenantTarget, type CompiledQuery, type DataSource, type ExecuteOptions, type QueryResult, type TableInfo } from '@askdata/core';
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

/**
 * Statements are prepared once per connection and SQL text (a small LRU: the compiler emits few shapes,
 * with every value a parameter), as DuckDB plans at prepare time: at 500k rows preparing again cost about
 * as much as running an aggregate (measured by the engine bench). Only SELECTs are ever kept or run.
 */
const STATEMENT_CACHE_SIZE = 128;
const statementCaches = new WeakMap<DuckDBConnection, Map<string, DuckDBPreparedStatement>>();

async function preparedSelect(connection: DuckDBConnection, sql: string): Promise<DuckDBPreparedStatement> {
  let cache = statementCaches.get(connection);
  if (cache === undefined) statementCaches.set(connection, (cache = new Map()));
  const cached = cache.get(sql);
  if (cached !== undefined) {
    cache.delete(sql); // re-inserted below: the Map's order is least recently used first
    cache.set(sql, cached);
    return cached;
  }
  const prepared = await connection.prepare(sql);
  if (prepared.statementType !== StatementType.SELECT) {
    prepared.destroySync();
    throw new CoreError('FORBIDDEN', 'Only read-only queries may run.');
  }
  if (cache.size >= STATEMENT_CACHE_SIZE) {
    const [oldestSql, oldest] = cache.entries().next().value as [string, DuckDBPreparedStatement];
    cache.delete(oldestSql);
    oldest.destroySync();
  }
  cache.set(sql, prepared);
  return prepared;
}

async function runSelect(connection: DuckDBConnection, sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]> {
  const prepared = await preparedSelect(connection, sql);
  prepared.clearBindings();
  prepared.bind(parameters.map(bindable));
  return plainRows(await prepared.runAndReadAll());
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
      refuseTenantTarget(query, 'DuckDB', { session: false });
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
