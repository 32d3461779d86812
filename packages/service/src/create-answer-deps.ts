/**
 * Builds everything the pipeline needs, once, at start: the data source (the adapter its URL names), the
 * semantic model (from a file, or introspected), the planner (NL_ENGINE), and the per-tenant value indexes
 * (filled lazily, one per tenant, on its first question). Per-request work is then only the question. This
 * is where core's ports meet their adapters.
 */
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
  type TenantValueIndexOptions,
} from '@askdata/core';
import { buildPlanner, type EngineOptions } from '@askdata/planner-llm';
import { openDataSource } from './open-data-source';

export interface AnswerDepsOptions {
  dataSourceUrl: string;
  /** Path of a YAML/JSON semantic model; without it the database is introspected. */
  semanticModelPath?: string;
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
  /** The result cache (RESULT_CACHE_*); absent or ttlMs 0: every question runs its query. */
  resultCache?: ResultCacheSettings;
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
  close(): Promise<void>;
}

export async function createAnswerDeps(options: AnswerDepsOptions): Promise<BuiltAnswerDeps> {
  if (!options.semanticModelPath && options.tenancy !== 'none') {
    throw new CoreError(
      'CONFIG_INVALID',
      'No semantic model and no tenancy declared. Set SEMANTIC_MODEL to a model file that declares its tenancy, or set TENANCY=none to serve this database to every caller as single-tenant data.',
    );
  }
  const dataSource = await openDataSource(options.dataSourceUrl);
  try {
    const model = options.semanticModelPath
      ? loadModelFile(options.semanticModelPath)
      : await introspectModel(dataSource, { tenancy: 'none', source: `introspection of ${dataSource.description}` });
    const plannerFor = (forModel: SemanticModel): Planner => buildPlanner(options.engine ?? { kind: 'rules' }, { model: forModel, dialect: dataSource.dialect });
    const planner = plannerFor(model);
    const indexes = createTenantValueIndexes(options.tenantValueIndexes);
    // Readiness (/readyz) asks more than "does it answer": the model's tables must be there.
    const ready: DataSource = {
      dialect: dataSource.dialect,
      description: dataSource.description,
      execute: (query, executeOptions) => dataSource.execute(query, executeOptions),
      introspect: () => dataSource.introspect(),
      ...(dataSource.privilegeWarnings ? { privilegeWarnings: () => dataSource.privilegeWarnings?.() ?? Promise.resolve([]) } : {}),
      async ping(): Promise<void> {
        await dataSource.ping();
        await probeModelTables(model, dataSource);
      },
      close: () => dataSource.close(),
    };
    const settings = options.resultCache;
    const resultCache = settings && settings.ttlMs > 0 ? createResultCache({ ttlMs: settings.ttlMs, maxBytes: settings.maxBytes, ...(settings.now ? { now: settings.now } : {}) }) : undefined;
    return {
      model,
      dataSource: ready,
      ...(resultCache ? { resultCache } : {}),
      planner,
      plannerFor,
      tenantValues: (scope) => indexes.forTenant(scope.key, () => loadTenantValues(model, dataSource, scope)),
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
