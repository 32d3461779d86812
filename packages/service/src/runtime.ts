/**
 * Opens everything a running app needs, once: the demo warehouse (created when it is the data source
 * and missing), the store (migrated), and the core pipeline's deps. Both apps and the CLI start here.
 */
import { loadModelFile } from '@askdata/core';
import { sqlitePath } from '@askdata/datasource-sqlite/without-driver';
import { openStore, type Store } from '@askdata/db';
import { DEMO_MODEL_PATH, ensureDemoWarehouse } from '@askdata/demo-data';
import { isMysqlUrl, isPostgresUrl } from '@askdata/env';
import type { EngineOptions } from '@askdata/planner-llm';
import { resolve } from 'node:path';
import { createAnswerDeps, type BuiltAnswerDeps, type ResultCacheSettings, type TenantPoolOptions } from './create-answer-deps';
import { defaultDemoDatabasePath } from './paths';
import { createKnowledge, type Knowledge } from './teach/knowledge';

export interface RuntimeOptions {
  /** The service's own store (SQLite file: URL or postgres URL). */
  databaseUrl: string;
  /** The data to query; undefined means the embedded demo warehouse. */
  dataSourceUrl?: string;
  semanticModelPath?: string;
  /** MODEL_FILE_MAX_BYTES: a larger model file is refused before it is read (core's default otherwise). */
  modelFileMaxBytes?: number;
  tenancy?: 'none';
  timezone: string;
  maxRows: number;
  timeoutMs: number;
  clock?: () => Date;
  /** NL_ENGINE and the LLM settings; default rules (offline). */
  engine?: EngineOptions;
  /** Strategy database: how many tenant data sources stay open, for how long, with how many connections each. */
  tenantPools?: TenantPoolOptions;
  /** TENANT_RLS=on with TENANT_RLS_ROLE: the second lock (PostgreSQL row-level security). */
  tenantRls?: { role: string };
  /** RESULT_CACHE_TTL_MS and RESULT_CACHE_MAX_BYTES; without it no result is cached. */
  resultCache?: ResultCacheSettings;
  /** MIN_CONFIDENCE: answers the rules engine is less sure of are declined (default core's DEFAULT_MIN_CONFIDENCE). */
  minConfidence?: number;
}

export interface Runtime {
  store: Store;
  answerDeps: BuiltAnswerDeps;
  /** Taught vocabulary and verified questions, read from the store. */
  knowledge: Knowledge;
  /** True when serving the embedded demo data. */
  demo: boolean;
  close(): Promise<void>;
}

function sqlitePathOf(url: string): string | null {
  return isPostgresUrl(url) || isMysqlUrl(url) ? null : resolve(sqlitePath(url));
}

/** True when the data source is the demo warehouse (then it is created if missing and the demo model applies). */
export function isDemoSource(dataSourceUrl: string | undefined): boolean {
  if (dataSourceUrl === undefined) return true;
  return sqlitePathOf(dataSourceUrl) === resolve(defaultDemoDatabasePath());
}

/** How long each part of openRuntime took, in ms (the store and the answer deps overlap). */
export interface RuntimeTimings {
  storeMs: number;
  answerDepsMs: number;
  totalMs: number;
}

const timed = async <T>(work: Promise<T>, started: number): Promise<{ value: T; ms: number }> => {
  const value = await work;
  return { value, ms: performance.now() - started };
};

export async function openRuntime(options: RuntimeOptions, onTimings?: (timings: RuntimeTimings) => void): Promise<Runtime> {
  const started = performance.now();
  // The demo model is the default only for the demo data, and only when the operator did not choose
  // single-tenant introspection (TENANCY=none) instead.
  const semanticModelPath = options.semanticModelPath ?? (isDemoSource(options.dataSourceUrl) && !options.tenancy ? DEMO_MODEL_PATH : undefined);
  // Read first for its strategy: with a database per tenant (tenancy.url) there is no one data source, so an
  // unset DATA_SOURCE_URL means "none", not the demo warehouse.
  const semanticModel = semanticModelPath ? loadModelFile(semanticModelPath, options.modelFileMaxBytes === undefined ? {} : { maxBytes: options.modelFileMaxBytes }) : undefined;
  const perTenantDatabases = semanticModel?.tenancy.mode === 'context' && semanticModel.tenancy.strategy?.kind === 'database';
  const demo = !perTenantDatabases && isDemoSource(options.dataSourceUrl);
  const dataSourceUrl = perTenantDatabases ? options.dataSourceUrl : (options.dataSourceUrl ?? defaultDemoDatabasePath());
  // Idempotent and safe when several processes start at once (the demo package publishes atomically).
  if (demo) ensureDemoWarehouse(defaultDemoDatabasePath());
  // The answer deps and the store are independent, so they open together: while the value index's
  // queries run in the SQLite worker process, this thread sets up the Prisma client (the CLI pays for
  // both on every question).
  const storeOpening = timed(openStore(options.databaseUrl), started);
  // Introspection waits for the store only to read the readings rejected for its data source.
  const rejectedReadings = async (dataSource: string): Promise<string[]> => {
    const decisions = await (await storeOpening).value.readingDecisions.list(dataSource);
    return decisions.filter((decision) => decision.decision === 'rejected').map((decision) => decision.readingId);
  };
  const [depsOutcome, storeOutcome] = await Promise.allSettled([
    timed(
      createAnswerDeps({
        ...(dataSourceUrl !== undefined ? { dataSourceUrl } : {}),
        ...(semanticModel ? { semanticModel } : {}),
        ...(options.tenancy ? { tenancy: options.tenancy } : {}),
        timezone: options.timezone,
        maxRows: options.maxRows,
        timeoutMs: options.timeoutMs,
        ...(options.clock ? { clock: options.clock } : {}),
        ...(options.engine ? { engine: options.engine } : {}),
        ...(options.tenantPools ? { tenantPools: options.tenantPools } : {}),
        ...(options.tenantRls ? { tenantRls: options.tenantRls } : {}),
        ...(options.resultCache ? { resultCache: options.resultCache } : {}),
        ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
        rejectedReadings,
      }),
      started,
    ),
    storeOpening,
  ]);
  if (depsOutcome.status === 'rejected' || storeOutcome.status === 'rejected') {
    if (depsOutcome.status === 'fulfilled') await depsOutcome.value.value.close();
    if (storeOutcome.status === 'fulfilled') await storeOutcome.value.value.close();
    // The store's error first, as before: without a store nothing else matters.
    throw storeOutcome.status === 'rejected' ? storeOutcome.reason : (depsOutcome as PromiseRejectedResult).reason;
  }
  const store = storeOutcome.value.value;
  const answerDeps = depsOutcome.value.value;
  onTimings?.({ storeMs: storeOutcome.value.ms, answerDepsMs: depsOutcome.value.ms, totalMs: performance.now() - started });
  return {
    store,
    answerDeps,
    knowledge: createKnowledge({
      store,
      model: answerDeps.model,
      plannerFor: answerDeps.plannerFor,
      ...(answerDeps.resultCache ? { resultCache: answerDeps.resultCache } : {}),
      ...(answerDeps.tenantConfirm ? { tenantConfirm: answerDeps.tenantConfirm } : {}),
    }),
    demo,
    async close() {
      await answerDeps.close();
      await store.close();
    },
  };
}
