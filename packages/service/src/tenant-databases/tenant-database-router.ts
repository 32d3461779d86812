/**
 * The database strategy's data source: one DataSource in front of every tenant's own database. It runs a
 * query only in the database the query itself names (`tenantDatabase`, which only the compiler puts there,
 * from the ScopedPlan); a query naming none is refused, so nothing ever runs against a shared default.
 *
 * A tenant whose database does not exist is TENANT_UNKNOWN (403), the same whether it never existed or was
 * removed, and nothing is created to find out: a SQLite or DuckDB file is checked before it is opened (and
 * both adapters open read-only, SQLite with fileMustExist), and a server database is only connected to
 * (PostgreSQL's 3D000, MySQL's 1049/1044 come back marked `missing: 'database'`). A database removed under
 * an open pool fails its next query as an outage (a terminated connection, a vanished file); the router
 * then drops that pool and tries once on a fresh one, which sees the database gone, so the caller gets the
 * 403 rather than a 503.
 */
import { existsSync } from 'node:fs';
import { CoreError, isCoreError, tenantUnknownError, type CompiledQuery, type DataSource, type ExecuteOptions, type QueryResult } from '@askdata/core';
import { connectionLimit, dialectOf, engineOf, localPathOf, openDataSource, rebaseUrl } from '../open-data-source';
import { createTenantPools, type TenantPools } from './tenant-pools';

export interface TenantDatabaseOptions {
  /** The model's `tenancy.url` template, for the dialect and the description. */
  template: string;
  /** Relative file paths in tenant URLs are resolved against this folder (the model file's). */
  baseDir: string;
  /** Tenant data sources open at once (TENANT_POOLS_MAX). */
  poolsMax: number;
  /** Close a tenant's data source after this long without a query (TENANT_POOL_IDLE_MS). */
  idleMs: number;
  /** Connections per tenant: pool size, DuckDB connections, SQLite worker processes (TENANT_POOL_CONNECTIONS). */
  connections: number;
}

export interface TenantDatabaseRouter extends DataSource {
  /** Tenant data sources open now. */
  readonly openPools: number;
  /**
   * Whether the query's tenant database exists, when that can be told without connecting: a file is
   * there or not (one stat); undefined for a server database, which only a connection can tell.
   */
  localTenantExists(query: CompiledQuery): boolean | undefined;
}

/** PostgreSQL cuts longer database and user names to 63 bytes at connection, which could reach another tenant's database. */
const MAX_POSTGRES_NAME = 63;

const isMissingDatabase = (error: unknown): boolean => isCoreError(error) && error.code === 'DATASOURCE_UNAVAILABLE' && error.details.missing === 'database';

/** The template without a password, safe to log. */
const withoutPassword = (url: string): string => url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):[^@/]*@/i, '$1:***@');

function tooLongForPostgres(url: string): boolean {
  try {
    const parsed = new URL(url);
    return [parsed.pathname.slice(1), parsed.username].some((name) => Buffer.byteLength(decodeURIComponent(name)) > MAX_POSTGRES_NAME);
  } catch {
    return true;
  }
}

export function createTenantDatabaseRouter(options: TenantDatabaseOptions): TenantDatabaseRouter {
  const engine = engineOf(options.template);
  const pools: TenantPools = createTenantPools({
    max: options.poolsMax,
    idleMs: options.idleMs,
    open: (url) => openDataSource(url, connectionLimit(options.connections)),
  });

  /** The tenant's URL as opened, or TENANT_UNKNOWN when no such database can exist. */
  function tenantUrl(query: CompiledQuery): string {
    if (query.tenantDatabase === undefined) {
      throw new CoreError('SCOPE_VIOLATION', 'The model keeps each tenant in its own database, and this query names none; it is not run anywhere.');
    }
    const url = rebaseUrl(query.tenantDatabase, options.baseDir);
    // The template fixes the engine: a filled value cannot turn a file path into a server URL, but check anyway.
    if (engineOf(url) !== engine) throw new CoreError('SCOPE_VIOLATION', 'A tenant database URL names another engine than the model\'s template.');
    if (engine === 'postgres' && tooLongForPostgres(url)) throw tenantUnknownError();
    return url;
  }

  async function run<T>(url: string, work: (source: DataSource) => Promise<T>): Promise<T> {
    const file = localPathOf(url);
    const gone = (): boolean => file !== undefined && !existsSync(file);
    // Checked before opening, so no adapter is ever asked to open (let alone create) a file that is not there.
    if (gone()) {
      pools.evict(url);
      throw tenantUnknownError();
    }
    try {
      return await pools.use(url, work);
    } catch (error) {
      if (isMissingDatabase(error)) {
        pools.evict(url);
        throw tenantUnknownError(error);
      }
      if (!isCoreError(error) || error.code !== 'DATASOURCE_UNAVAILABLE') throw error;
      // A file deleted or a database dropped under an open pool: decide on a fresh one.
      pools.evict(url);
      if (gone()) throw tenantUnknownError(error);
      if (file !== undefined) throw error;
      try {
        return await pools.use(url, work);
      } catch (retryError) {
        if (!isMissingDatabase(retryError)) throw retryError;
        pools.evict(url);
        throw tenantUnknownError(retryError);
      }
    }
  }

  return {
    dialect: dialectOf(options.template),
    description: `one ${engine} database per tenant: ${withoutPassword(options.template)}`,
    get openPools() {
      return pools.size;
    },
    localTenantExists(query) {
      const file = localPathOf(tenantUrl(query));
      return file === undefined ? undefined : existsSync(file);
    },
    async execute(query: CompiledQuery, executeOptions: ExecuteOptions): Promise<QueryResult> {
      const url = tenantUrl(query);
      // The tenant's own source gets the query without the routing field (it would refuse it, rightly).
      const { tenantDatabase: _routed, ...plain } = query;
      return run(url, (source) => source.execute(plain, executeOptions));
    },
    async introspect() {
      throw new CoreError('CONFIG_INVALID', 'With one database per tenant there is no one database to introspect: the model file describes every tenant\'s tables.');
    },
    // Nothing is shared to probe: each tenant's database is checked when that tenant asks (403 when missing, 503 when down).
    async ping() {},
    close: () => pools.closeAll(),
  };
}
