/**
 * Builds everything the pipeline needs, once, at start: the data source (the adapter its URL names), the
 * semantic model (from a file, or introspected), the planner (NL_ENGINE), and the per-tenant value indexes
 * (filled lazily, one per tenant, on its first question). Per-request work is then only the question. This
 * is where core's ports meet their adapters.
 */
import { CoreError, createTenantValueIndexes, introspectModel, loadModelFile, loadTenantValues, probeModelTables, type AnswerDeps, type DataSource, type Planner, type SemanticModel, type TenantValueIndexOptions } from '@askdata/core';
import { buildPlanner, type EngineOptions } from '@askdata/planner-llm';
import { openDataSource } from './open-data-source';
import { checkTenantRlsAtStartup, tenantRlsOptionsFor } from './tenant-rls';

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
  /** TENANT_RLS=on (PostgreSQL only): every query runs as this role under the operator's row-level security policies. */
  tenantRls?: { role: string };
}

export interface BuiltAnswerDeps extends AnswerDeps {
  tenantValues: NonNullable<AnswerDeps['tenantValues']>;
  /** The same kind of planner as `planner`, over another model (the model with taught words). */
  plannerFor(model: SemanticModel): Planner;
  close(): Promise<void>;
}

export async function createAnswerDeps(options: AnswerDepsOptions): Promise<BuiltAnswerDeps> {
  if (!options.semanticModelPath && options.tenancy !== 'none') {
    throw new CoreError(
      'CONFIG_INVALID',
      'No semantic model and no tenancy declared. Set SEMANTIC_MODEL to a model file that declares its tenancy, or set TENANCY=none to serve this database to every caller as single-tenant data.',
    );
  }
  // Under row-level security the adapter needs the model's scoped tables before it opens.
  const fileModel = options.tenantRls && options.semanticModelPath ? loadModelFile(options.semanticModelPath) : undefined;
  const tenantRls = options.tenantRls ? tenantRlsOptionsFor(options.dataSourceUrl, fileModel, options.tenantRls.role) : undefined;
  const dataSource = await openDataSource(options.dataSourceUrl, tenantRls ? { postgres: { tenantRls } } : {});
  try {
    if (tenantRls) await checkTenantRlsAtStartup(dataSource);
    const model =
      fileModel ??
      (options.semanticModelPath
        ? loadModelFile(options.semanticModelPath)
        : await introspectModel(dataSource, { tenancy: 'none', source: `introspection of ${dataSource.description}` }));
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
      ...(dataSource.checkRowLevelSecurity ? { checkRowLevelSecurity: () => dataSource.checkRowLevelSecurity?.() ?? Promise.resolve() } : {}),
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
