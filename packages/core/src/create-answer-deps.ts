/**
 * Builds everything the pipeline needs, once, at start: the data source, the semantic model (from a
 * file, or introspected), the planner, and the per-tenant value indexes (filled lazily, one per tenant, on
 * its first question). Per-request work is then only the question.
 */
import { openDataSource, type DataSource } from './datasource/index';
import { CoreError } from './errors/core-error';
import { createTenantValueIndexes, type TenantValueIndexOptions } from './nl/tenant-value-indexes';
import { loadTenantValues } from './load-tenant-values';
import { probeModelTables } from './probe-model-tables';
import { tenantKeyOf } from './scope/index';
import { buildPlanner, type EngineOptions } from './llm/engine';
import { loadModelFile, modelFromSchema } from './semantic/index';
import type { AnswerDeps } from './pipeline-types';

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
}

export interface BuiltAnswerDeps extends AnswerDeps {
  tenantValues: NonNullable<AnswerDeps['tenantValues']>;
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
      : modelFromSchema(await dataSource.introspect(), { tenancy: 'none', source: `introspection of ${dataSource.description}` });
    const planner = buildPlanner(options.engine ?? { kind: 'rules' }, { model, dialect: dataSource.dialect });
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
    return {
      model,
      dataSource: ready,
      planner,
      tenantValues: (context) => indexes.forTenant(tenantKeyOf(context), () => loadTenantValues(model, dataSource, context)),
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
