/**
 * MySQL and MariaDB through a mysql2 pool. Every session is read-only (SET SESSION TRANSACTION READ
 * ONLY when the pool opens it) and every query runs in its own READ ONLY transaction, as one prepared
 * statement with its values bound, under a time limit, a row cap and UTC (mysql-statement.ts). A query
 * the server does not stop in time is killed from another connection a second after its limit. The pool
 * connects lazily: the service can start while the database is down, answer 503 meanwhile, and recover
 * by itself when it returns.
 *
 * Nothing a query leaves on its session survives it: settings are scoped to the statement (MariaDB) or
 * set anew before each one (MySQL), the transaction is rolled back, and named locks (GET_LOCK, which
 * ROLLBACK keeps) are released before the connection goes back to the pool.
 */
import { createConnection, createPool, type Pool, type PoolConnection } from 'mysql2';
import { CoreError, capRows, checkExecuteOptions, refuseTenantTarget, type CompiledQuery, type DataSource, type ExecuteOptions, type QueryResult, type TableInfo } from '@askdata/core';
import { collectRows, endPool, getConnection, plainQuery, type Row } from './collect-rows';
import { refuseFileWrites } from './file-writes';
import { isConnectionError, toCoreError, unavailableDetails } from './mysql-errors';
import { mysqlHooks } from './mysql-dialect';
import { introspectMysql } from './mysql-introspect';
import { flavourOf, mariadbStatement, mysqlSessionSettings, type MariadbTraits, type ServerFlavour, type StatementLimits } from './mysql-statement';
import { describeMysqlUrl, driverUrl } from './mysql-url';
import { valueOptions } from './mysql-values';
import { userWarnings } from './user-warnings';

export interface MysqlOptions {
  /** Pool size (default 5). */
  maxConnections?: number;
  /** Give up connecting after this long (default 5000 ms). */
  connectTimeoutMs?: number;
}

/** How long after its own limit a statement the server did not stop is killed. */
const KILL_GRACE_MS = 1000;

/** Runs one statement under the limits on a connection inside the read-only transaction. */
export type RunStatement = (text: string, values: readonly unknown[], limits: StatementLimits) => Promise<Row[]>;

export async function openMysqlDataSource(url: string, options: MysqlOptions = {}): Promise<DataSource> {
  const description = describeMysqlUrl(url);
  const pool: Pool = createPool({
    uri: driverUrl(url),
    connectionLimit: options.maxConnections ?? 5,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    multipleStatements: false,
    maxPreparedStatements: 200,
    ...valueOptions,
  });
  // The first net: a session that cannot write, whatever a query does with its own transaction.
  pool.on('connection', (connection) => {
    connection.query('SET SESSION TRANSACTION READ ONLY', () => undefined);
  });
  let flavour: Promise<{ server: ServerFlavour; traits: MariadbTraits }> | undefined;

  /**
   * On its own short-lived connection, not the pool's: with every pooled connection busy (or a pool of
   * one) the kill would otherwise wait for the very query it is meant to stop.
   */
  function killQuery(threadId: number): void {
    const killer = createConnection({ uri: driverUrl(url), connectTimeout: options.connectTimeoutMs ?? 5000 });
    killer.on('error', () => undefined);
    void plainQuery(killer, `KILL QUERY ${Number(threadId)}`)
      .catch(() => undefined)
      .finally(() => killer.destroy());
  }

  async function inReadOnlyTransaction<T>(timeoutMs: number, work: (run: RunStatement) => Promise<T>): Promise<T> {
    if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1) throw new CoreError('INTERNAL', `timeoutMs must be a positive integer, got ${timeoutMs}.`);
    let connection: PoolConnection | undefined;
    try {
      connection = await getConnection(pool);
      const opened = connection;
      // Whether the database holds Spider tables: read from the table definitions only, no backend is contacted.
      flavour ??= plainQuery(opened, "select version() as v, exists(select 1 from information_schema.tables where table_schema = database() and engine = 'SPIDER') as spider").then((rows) => ({
        server: flavourOf(String(rows[0]?.v ?? '')),
        traits: { spiderTables: Number(rows[0]?.spider) === 1 },
      }));
      await flavour;
    } catch (error) {
      flavour = undefined;
      connection?.destroy();
      throw new CoreError('DATASOURCE_UNAVAILABLE', `MySQL data source ${description} is unavailable: ${error instanceof Error ? error.message : String(error)}`, { details: unavailableDetails(error), cause: error });
    }
    const { server, traits } = await flavour;
    const held = connection;
    const run: RunStatement = async (text, values, limits) => {
      if (server === 'mariadb') return collectRows(held, mariadbStatement(text, limits, traits), values, limits.rowCap);
      await plainQuery(held, mysqlSessionSettings(limits));
      return collectRows(held, text, values, limits.rowCap);
    };
    const backstop = setTimeout(() => killQuery(held.threadId), timeoutMs + KILL_GRACE_MS);
    let broken = false;
    try {
      await plainQuery(held, 'START TRANSACTION READ ONLY');
      const result = await work(run);
      await plainQuery(held, 'ROLLBACK'); // nothing to commit: the transaction is read-only
      return result;
    } catch (error) {
      broken = isConnectionError(error);
      if (!broken) await plainQuery(held, 'ROLLBACK').catch(() => undefined);
      throw toCoreError(error, description, timeoutMs);
    } finally {
      clearTimeout(backstop);
      // A named lock survives ROLLBACK; a connection that cannot be cleaned is not reused.
      if (!broken) broken = await plainQuery(held, 'DO RELEASE_ALL_LOCKS()').then(() => false, () => true);
      if (broken) held.destroy();
      else held.release();
    }
  }

  return {
    dialect: mysqlHooks,
    description,
    async execute(query: CompiledQuery, executeOptions: ExecuteOptions): Promise<QueryResult> {
      checkExecuteOptions(executeOptions);
      refuseTenantTarget(query, 'MySQL', { session: false });
      refuseFileWrites(query.sql);
      const limits = { timeoutMs: executeOptions.timeoutMs, rowCap: executeOptions.maxRows + 1 };
      const rows = await inReadOnlyTransaction(executeOptions.timeoutMs, (run) => run(query.sql, query.parameters, limits));
      return capRows(rows, executeOptions.maxRows);
    },
    async introspect(): Promise<TableInfo[]> {
      return inReadOnlyTransaction(30_000, (run) => introspectMysql((text, values = []) => run(text, values, { timeoutMs: 30_000, rowCap: 1_000_000 })));
    },
    async ping(): Promise<void> {
      await inReadOnlyTransaction(5_000, (run) => run('select 1', [], { timeoutMs: 5_000, rowCap: 1 }));
    },
    privilegeWarnings: () => inReadOnlyTransaction(10_000, (run) => userWarnings((text) => run(text, [], { timeoutMs: 10_000, rowCap: 1_000 }))),
    async close(): Promise<void> {
      await endPool(pool);
    },
  };
}
