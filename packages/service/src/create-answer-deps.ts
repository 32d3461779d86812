/**
 * Builds everything the pipeline needs, once, at start: the data source (the adapter its URL names, or
 * with the database strategy the router over every tenant's database), the semantic model (from a file,
 * or introspected), the planner (NL_ENGINE), and the per-tenant value indexes (filled lazily, one per
 * tenant, on its first question, through the tenant's own schema or database). Per-request work is then
 * only the question. This is where core's ports meet their adapters.
 */
import { dirname } from 'node:path';
import {
  CoreError,
  createResultCache,
  createTenantValueIndexes,
  introspectModel,
  loadModelFile,
  loadTenantValues,
  probeModelTables,
  type AnswerDeps,
  type DataSource,
  type Planner,
  type ResultCache,
  type SemanticModel,
  type TenantScope,
  type TenantValueIndexOptions,
} from '@askdata/core';
import type { TenantRlsOptions } from '@askdata/datasource-postgres';
import { buildPlanner, type EngineOptions } from '@askdata/planner-llm';
import { engineOf, openDataSource } from './open-data-source';
import { createTenantCheck } from './tenant-databases/tenant-check';
import { createTenantDatabaseRouter, type TenantDatabaseRouter } from './tenant-databases/tenant-database-router';
import { checkTenantRlsAtStartup, tenantRlsOptionsFor } from './tenant-rls';

/** The database strategy's pools: how many tenants' data sources stay open, for how long, with how many connections each. */
export interface TenantPoolOptions {
  max: number;
  idleMs: number;
  connections: number;
}

export const DEFAULT_TENANT_POOLS: TenantPoolOptions = { max: 20, idleMs: 5 * 60_000, connections: 2 };

export interface AnswerDepsOptions {
  /** The data to query; not used (and refused) when the model keeps each tenant in its own database. */
  dataSourceUrl?: string;
  /** Path of a YAML/JSON semantic model; without it the database is introspected. */
  semanticModelPath?: string;
  /** The model, already loaded (openRuntime reads it first to see its strategy); wins over semanticModelPath. */
  semanticModel?: SemanticModel;
  /** Required with no model file: single-tenant use must be said explicitly. */
  tenancy?: 'none';
  timezone: string;
  maxRows: number;
  timeoutMs: number;
  clock?: () => Date;
  /** Which planner answers (NL_ENGINE); default rules, which needs no network. */
  engine?: EngineOptions;
  /** Bounds of the per-tenant value index cache. */
  tenantValueIndexes?: TenantValueIndexOptions;
  /** Strategy database: TENANT_POOLS_MAX, TENANT_POOL_IDLE_MS, TENANT_POOL_CONNECTIONS. */
  tenantPools?: TenantPoolOptions;
  /** TENANT_RLS=on (PostgreSQL only): every query runs as this role under the operator's row-level security policies. */
  tenantRls?: { role: string };
  /** The result cache (RESULT_CACHE_*); absent or ttlMs 0: every question runs its query. */
  resultCache?: ResultCacheSettings;
  /**
   * The business readings an admin rejected for this data source (by its description), read before it is
   * introspected so that introspection skips them (POST /api/v1/admin/readings/reject; the store keeps them).
   */
  rejectedReadings?: (dataSource: string) => Promise<readonly string[]>;
  /** MIN_CONFIDENCE for the rules engine's answers (default core's DEFAULT_MIN_CONFIDENCE; 0 answers all it can read). */
  minConfidence?: number;
}

export interface ResultCacheSettings {
  /** How long a result may be served; 0 turns the cache off. */
  ttlMs: number;
  maxBytes: number;
  /** Milliseconds for the TTL; tests move it. Default performance.now(). */
  now?: () => number;
}

export interface BuiltAnswerDeps extends AnswerDeps {
  tenantValues: NonNullable<AnswerDeps['tenantValues']>;
  /** The same kind of planner as `planner`, over another model (the model with taught words). */
  plannerFor(model: SemanticModel): Planner;
  /** Present when RESULT_CACHE_TTL_MS > 0; the knowledge binds it per request (teach/knowledge.ts). */
  resultCache?: ResultCache;
  /**
   * With a schema or database per tenant: checks now that the caller's tenant exists (no remembered
   * probe), so a cached result is never served to a removed tenant (tenant-databases/tenant-check.ts).
   */
  tenantConfirm?: (scope: TenantScope) => Promise<void>;
  close(): Promise<void>;
}

const strategyOf = (model: SemanticModel | undefined) => (model?.tenancy.mode === 'context' ? model.tenancy.strategy : undefined);

/** The data source the model's strategy calls for, or a CONFIG_INVALID saying what is missing or wrong. */
async function dataSourceFor(model: SemanticModel | undefined, options: AnswerDepsOptions, tenantRls: TenantRlsOptions | undefined): Promise<DataSource> {
  const strategy = strategyOf(model);
  if (strategy?.kind === 'database' && model !== undefined) {
    if (options.dataSourceUrl !== undefined) throw new CoreError('CONFIG_INVALID', `The model ${model.source} keeps each tenant in its own database (tenancy.url), so DATA_SOURCE_URL is not used; unset it.`);
    const pools = options.tenantPools ?? DEFAULT_TENANT_POOLS;
    return createTenantDatabaseRouter({ template: strategy.template.text, baseDir: dirname(model.source), poolsMax: pools.max, idleMs: pools.idleMs, connections: pools.connections });
  }
  if (options.dataSourceUrl === undefined) throw new CoreError('CONFIG_INVALID', 'No data source: set DATA_SOURCE_URL.');
  if (strategy?.kind === 'schema' && engineOf(options.dataSourceUrl) !== 'postgres') {
    throw new CoreError('CONFIG_INVALID', `The model ${model?.source ?? ''} keeps each tenant in its own schema (tenancy.strategy: schema), which needs PostgreSQL; DATA_SOURCE_URL names a ${engineOf(options.dataSourceUrl)} data source.`);
  }
  return openDataSource(options.dataSourceUrl, tenantRls ? { postgres: { tenantRls } } : {});
}

export async function createAnswerDeps(options: AnswerDepsOptions): Promise<BuiltAnswerDeps> {
  if (!options.semanticModel && !options.semanticModelPath && options.tenancy !== 'none') {
    throw new CoreError(
      'CONFIG_INVALID',
      'No semantic model and no tenancy declared. Set SEMANTIC_MODEL to a model file that declares its tenancy, or set TENANCY=none to serve this database to every caller as single-tenant data.',
    );
  }
  const fileModel = options.semanticModel ?? (options.semanticModelPath ? loadModelFile(options.semanticModelPath) : undefined);
  // Under row-level security the adapter needs the model's scoped tables before it opens.
  const tenantRls = options.tenantRls ? tenantRlsOptionsFor(options.dataSourceUrl ?? '', fileModel, options.tenantRls.role) : undefined;
  const dataSource = await dataSourceFor(fileModel, options, tenantRls);
  try {
    if (tenantRls) await checkTenantRlsAtStartup(dataSource);
    const rejectedReadings = fileModel === undefined && options.rejectedReadings ? await options.rejectedReadings(dataSource.description) : [];
    const model = fileModel ?? (await introspectModel(dataSource, { tenancy: 'none', source: `introspection of ${dataSource.description}`, rejectedReadings }));
    const strategy = strategyOf(model);
    const plannerFor = (forModel: SemanticModel): Planner => buildPlanner(options.engine ?? { kind: 'rules' }, { model: forModel, dialect: dataSource.dialect, ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }) });
    const planner = plannerFor(model);
    const indexes = createTenantValueIndexes(options.tenantValueIndexes);
    // Readiness (/readyz) asks more than "does it answer": the model's tables must be there. With a schema
    // or database per tenant they are in each tenant's place, checked when that tenant asks, not here.
    const ready: DataSource = {
      dialect: dataSource.dialect,
      description: dataSource.description,
      execute: (query, executeOptions) => dataSource.execute(query, executeOptions),
      introspect: () => dataSource.introspect(),
      ...(dataSource.privilegeWarnings ? { privilegeWarnings: () => dataSource.privilegeWarnings?.() ?? Promise.resolve([]) } : {}),
      ...(dataSource.checkRowLevelSecurity ? { checkRowLevelSecurity: () => dataSource.checkRowLevelSecurity?.() ?? Promise.resolve() } : {}),
      async ping(): Promise<void> {
        await dataSource.ping();
        if (strategy === undefined) await probeModelTables(model, dataSource);
      },
      close: () => dataSource.close(),
    };
    // A database per tenant in files: whether a tenant's file is there is one stat, checked on every question.
    const localExists = (dataSource as Partial<TenantDatabaseRouter>).localTenantExists?.bind(dataSource);
    const tenantCheck = strategy === undefined ? undefined : createTenantCheck(model, dataSource, localExists ? { localExists } : {});
    const settings = options.resultCache;
    const resultCache = settings && settings.ttlMs > 0 ? createResultCache({ ttlMs: settings.ttlMs, maxBytes: settings.maxBytes, ...(settings.now ? { now: settings.now } : {}) }) : undefined;
    return {
      model,
      dataSource: ready,
      ...(resultCache ? { resultCache } : {}),
      planner,
      plannerFor,
      // Each tenant's values are read through its own scope, so from its own schema or database.
      tenantValues: (scope) => indexes.forTenant(scope.key, () => loadTenantValues(model, dataSource, scope)),
      ...(tenantCheck ? { tenantCheck, tenantConfirm: tenantCheck.confirm } : {}),
      clock: options.clock ?? (() => new Date()),
      timezone: options.timezone,
      limits: { maxRows: options.maxRows, timeoutMs: options.timeoutMs },
      close: () => dataSource.close(),
    };
  } catch (error) {
    await dataSource.close();
    throw error;
  }
}
