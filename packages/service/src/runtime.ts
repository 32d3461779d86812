/**
 * Opens everything a running app needs, once: the demo warehouse (created when it is the data source
 * and missing), the store (migrated), and the core pipeline's deps. Both apps and the CLI start here.
 */
import { sqlitePath } from '@askdata/datasource-sqlite';
import { openStore, type Store } from '@askdata/db';
import { DEMO_MODEL_PATH, ensureDemoWarehouse } from '@askdata/demo-data';
import { isPostgresUrl } from '@askdata/env';
import type { EngineOptions } from '@askdata/planner-llm';
import { resolve } from 'node:path';
import { createAnswerDeps, type BuiltAnswerDeps } from './create-answer-deps';
import { defaultDemoDatabasePath } from './paths';

export interface RuntimeOptions {
  /** The service's own store (SQLite file: URL or postgres URL). */
  databaseUrl: string;
  /** The data to query; undefined means the embedded demo warehouse. */
  dataSourceUrl?: string;
  semanticModelPath?: string;
  tenancy?: 'none';
  timezone: string;
  maxRows: number;
  timeoutMs: number;
  clock?: () => Date;
  /** NL_ENGINE and the LLM settings; default rules (offline). */
  engine?: EngineOptions;
}

export interface Runtime {
  store: Store;
  answerDeps: BuiltAnswerDeps;
  /** True when serving the embedded demo data. */
  demo: boolean;
  close(): Promise<void>;
}

function sqlitePathOf(url: string): string | null {
  return isPostgresUrl(url) ? null : resolve(sqlitePath(url));
}

/** True when the data source is the demo warehouse (then it is created if missing and the demo model applies). */
export function isDemoSource(dataSourceUrl: string | undefined): boolean {
  if (dataSourceUrl === undefined) return true;
  return sqlitePathOf(dataSourceUrl) === resolve(defaultDemoDatabasePath());
}

export async function openRuntime(options: RuntimeOptions): Promise<Runtime> {
  const demo = isDemoSource(options.dataSourceUrl);
  const dataSourceUrl = options.dataSourceUrl ?? defaultDemoDatabasePath();
  // Idempotent and safe when several processes start at once (the demo package publishes atomically).
  if (demo) ensureDemoWarehouse(defaultDemoDatabasePath());
  const store = await openStore(options.databaseUrl);
  try {
    // The demo model is the default only for the demo data, and only when the operator did not choose
    // single-tenant introspection (TENANCY=none) instead.
    const semanticModelPath = options.semanticModelPath ?? (demo && !options.tenancy ? DEMO_MODEL_PATH : undefined);
    const answerDeps = await createAnswerDeps({
      dataSourceUrl,
      ...(semanticModelPath ? { semanticModelPath } : {}),
      ...(options.tenancy ? { tenancy: options.tenancy } : {}),
      timezone: options.timezone,
      maxRows: options.maxRows,
      timeoutMs: options.timeoutMs,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.engine ? { engine: options.engine } : {}),
    });
    return {
      store,
      answerDeps,
      demo,
      async close() {
        await answerDeps.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
