/**
 * PostgreSQL through a pg Pool. Every query runs in its own READ ONLY transaction with a local
 * statement_timeout (and UTC as the session zone, so date casts never depend on server settings), and
 * reads at most maxRows + 1 rows. A query of the schema strategy also sets its tenant's schema there
 * (pg-tenant-session.ts). The pool connects lazily: the service can start while the database is
 * down, answer 503 meanwhile, and recover by itself when it returns.
 *
 * Every statement goes through the extended protocol (pg-extended.ts), even without parameters: the simple
 * protocol runs every statement in a string, so text that closed the wrapper's bracket could have run
 * `commit; insert ...`. Nothing a query leaves on its session survives it: settings are transaction-local
 * or rolled back, and session-level advisory locks (which ROLLBACK keeps) are released before the
 * connection goes back to the pool.
 *
 * With `tenantRls` (TENANT_RLS=on, the second lock of docs/reliability.md) each query also runs as the
 * given role with its tenant values set (transaction-settings.ts), after the role was checked once to be
 * unable to bypass row-level security (tenant-rls-check.ts). A query that does not carry the compiler's
 * tenant settings is refused: under the lock, nothing reads the database as anyone but a tenant.
 */
import { Pool, type PoolClient } from 'pg';
import { CoreError, capRows, checkExecuteOptions, isCoreError, refuseTenantTarget, type CompiledQuery, type TenantSession, type DataSource, type ExecuteOptions, type QueryResult, type TableInfo } from '@askdata/core';
import { cappedQueryText } from './capped-query';
import { isConnectionError, toCoreError, unavailableDetails } from './pg-errors';
import { applyTenantSession } from './pg-tenant-session';
import { pgTypeParsers } from './pg-values';
import { postgresHooks } from './postgres-dialect';
import { extendedQuery, type ExtendedQuery } from './pg-extended';
import { introspectPostgres } from './postgres-introspect';
import { roleWarnings } from './role-warnings';
import { rlsRoleNameProblem, rowLevelSecurityProblems, type TenantRlsOptions } from './tenant-rls-check';
import { transactionSettings, type TenantLocals } from './transaction-settings';

export interface PostgresOptions {
  /** Pool size (default 5). */
  maxConnections?: number;
  /** Give up connecting after this long (default 5000 ms). */
  connectTimeoutMs?: number;
  /** TENANT_RLS=on: run every query as this role with its tenant settings, once the role passed the check. */
  tenantRls?: TenantRlsOptions;
}

/** The URL without its password, safe to log. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'postgres (unparseable URL)';
  }
}

export async function openPostgresDataSource(url: string, options: PostgresOptions = {}): Promise<DataSource> {
  const description = describePostgresUrl(url);
  const rls = options.tenantRls;
  const roleProblem = rls === undefined ? undefined : rlsRoleNameProblem(rls.role);
  if (roleProblem) throw new CoreError('CONFIG_INVALID', `TENANT_RLS_ROLE ${roleProblem}.`);
  const pool = new Pool({ connectionString: url, max: options.maxConnections ?? 5, connectionTimeoutMillis: options.connectTimeoutMs ?? 5000, types: pgTypeParsers });
  // An idle client that loses its server emits here; without a listener that would crash the process.
  pool.on('error', () => undefined);

  /**
   * `signal`: nobody waits for the rows any more (a streamed answer's client left). The backend running the
   * statement is asked to cancel it (pg_cancel_backend, on another pooled connection), and the call rejects
   * with the signal's reason.
   */
  async function inReadOnlyTransaction<T>(timeoutMs: number, work: (query: ExtendedQuery) => Promise<T>, tenant?: TenantLocals, session?: TenantSession, signal?: AbortSignal): Promise<T> {
    if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1) throw new CoreError('INTERNAL', `timeoutMs must be a positive integer, got ${timeoutMs}.`);
    signal?.throwIfAborted();
    let client: PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new CoreError('DATASOURCE_UNAVAILABLE', `PostgreSQL data source ${description} is unavailable: ${error instanceof Error ? error.message : String(error)}`, { details: unavailableDetails(error), cause: error });
    }
    const query = extendedQuery(client);
    let broken = false;
    const backend = (client as PoolClient & { processID?: number }).processID;
    const cancel = (): void => void pool.query('select pg_cancel_backend($1)', [backend]).catch(() => undefined);
    if (signal && backend !== undefined) signal.addEventListener('abort', cancel, { once: true });
    try {
      signal?.throwIfAborted();
      await query('begin read only');
      // Bound, not inlined; local to the transaction, so nothing outlives it.
      const settings = transactionSettings(timeoutMs, tenant);
      await query(settings.text, settings.values);
      if (session !== undefined) await applyTenantSession(query, session);
      const result = await work(query);
      await query('rollback'); // nothing to commit: the transaction is read-only
      return result;
    } catch (error) {
      broken = isConnectionError(error);
      if (!broken) await query('rollback').catch(() => undefined);
      if (signal?.aborted) throw signal.reason;
      throw toCoreError(error, description, timeoutMs);
    } finally {
      signal?.removeEventListener('abort', cancel);
      // A session-level advisory lock survives ROLLBACK; a connection that cannot be cleaned is not reused.
      if (!broken) broken = await query('select pg_advisory_unlock_all()').then(() => false, () => true);
      client.release(broken);
    }
  }

  /**
   * The role check, run once: at start-up through checkRowLevelSecurity, and before the first query
   * otherwise. A refusal sticks (every query fails until the operator fixes the role and restarts); an
   * unreachable database does not, so the next query tries again.
   */
  let rlsChecked: Promise<void> | undefined;
  function checkRowLevelSecurity(options: TenantRlsOptions): Promise<void> {
    rlsChecked ??= inReadOnlyTransaction(10_000, (query) => rowLevelSecurityProblems(query, options)).then(
      (problems) => {
        if (problems.length > 0) throw new CoreError('CONFIG_INVALID', `TENANT_RLS=on, but TENANT_RLS_ROLE "${options.role}" could bypass row-level security or is not set up for it:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee "The second lock" in docs/reliability.md.`, { details: { problems } });
      },
      (error: unknown) => {
        if (isCoreError(error) && error.code === 'DATASOURCE_UNAVAILABLE') rlsChecked = undefined;
        throw error;
      },
    );
    return rlsChecked;
  }

  /** Under the lock, the role and the compiler's tenant settings; a query without them is refused. */
  async function tenantLocalsFor(query: CompiledQuery): Promise<TenantLocals | undefined> {
    if (rls === undefined) return undefined;
    const settings = query.session?.settings;
    if (settings === undefined) throw new CoreError('SCOPE_VIOLATION', 'TENANT_RLS=on: a query without the tenant settings the compiler gives every query is refused.');
    await checkRowLevelSecurity(rls);
    return { role: rls.role, settings };
  }

  return {
    dialect: postgresHooks,
    description,
    async execute(query: CompiledQuery, executeOptions: ExecuteOptions): Promise<QueryResult> {
      checkExecuteOptions(executeOptions);
      refuseTenantTarget(query, 'PostgreSQL', { session: true });
      const text = cappedQueryText(query.sql, executeOptions.maxRows);
      refuseTenantTarget(query, 'PostgreSQL', { session: true });
      const tenant = await tenantLocalsFor(query);
      const rows = await inReadOnlyTransaction(executeOptions.timeoutMs, async (run) => (await run<Record<string, unknown>>(text, [...query.parameters])).rows, tenant, query.session, executeOptions.signal);
      return capRows(rows.map(plainRow), executeOptions.maxRows);
    },
    async introspect(): Promise<TableInfo[]> {
      return inReadOnlyTransaction(30_000, introspectPostgres);
    },
    async ping(): Promise<void> {
      await inReadOnlyTransaction(5_000, async (run) => run('select 1'));
    },
    privilegeWarnings: () => inReadOnlyTransaction(10_000, roleWarnings),
    ...(rls ? { checkRowLevelSecurity: () => checkRowLevelSecurity(rls) } : {}),
    async close(): Promise<void> {
      await pool.end();
    },
  };
}

/**
 * Any Date that still slips through (e.g. from a custom type) becomes ISO text like every other date. The
 * type parsers already turn every date type into text, so a row is only copied when it holds a Date.
 */
function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  let hasDate = false;
  for (const key in row) if (row[key] instanceof Date) hasDate = true;
  if (!hasDate) return row;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
}
