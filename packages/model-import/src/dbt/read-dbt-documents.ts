/**
 * A dbt project's semantic layer -> one draft. Its YAML (`semantic_models:` and `metrics:` under models/,
 * or the latest spec's `semantic_model:` on models, dbt-latest-spec.ts) or its target/semantic_manifest.json
 * are read into one list of semantic models and metrics, each with the file and path it came from, then
 * mapped the same way (read-dbt-models.ts, read-dbt-metrics.ts).
 */
import { issuesFromZod } from '@askdata/core';
import type { ImportReport, Where } from '../draft/import-report';
import type { ModelDraft } from '../draft/model-draft';
import { type InputProblem, ModelImportError } from '../source/import-error';
import type { z } from 'zod';
import type { SourceDocument } from '../source/source-files';
import { type ElementPaths, latestMetricSchema, latestModelSchema, legacyMetricOf, semanticModelOf } from './dbt-latest-spec';
import { type DbtMetric, type DbtSemanticModel, dbtManifestSchema, dbtYamlFileSchema, yamlMetricSchema } from './dbt-schema';
import { readDbtMetrics } from './read-dbt-metrics';
import { readDbtModels } from './read-dbt-models';

export interface Located<T> {
  value: T;
  where: Where;
  /** The table the semantic model reads (YAML: its ref; manifest: the relation dbt built). */
  table?: string;
  /** Where its entities, dimensions and measures were written, when not under the semantic model (the latest spec). */
  paths?: ElementPaths;
}

export function readDbtDocuments(documents: readonly SourceDocument[], report: ImportReport, wanted: string | undefined): ModelDraft {
  const problems: InputProblem[] = [];
  const models: Located<DbtSemanticModel>[] = [];
  const metrics: Located<DbtMetric>[] = [];
  for (const document of documents) {
    const data = document.data as Record<string, unknown>;
    const manifest = 'project_configuration' in data || document.file.endsWith('.json');
    const parsed = manifest ? dbtManifestSchema.safeParse(data) : dbtYamlFileSchema.safeParse(data);
    if (!parsed.success) {
      problems.push(...issuesFromZod(parsed.error.issues).map((issue) => ({ file: document.file, path: issue.path, message: issue.message })));
      continue;
    }
    const where = (path: string): Where => ({ file: document.file, path });
    (parsed.data.semantic_models ?? []).forEach((model, i) => {
      const table = 'model' in model && typeof model.model === 'string' ? tableOfRef(model.model) : 'node_relation' in model ? (model.node_relation as { alias: string }).alias : undefined;
      if (table === undefined) problems.push({ file: document.file, path: `semantic_models[${i}].model`, message: `expected ref('<model>'), got ${JSON.stringify('model' in model ? model.model : undefined)}` });
      else models.push({ value: model, where: where(`semantic_models[${i}]`), table });
    });
    (parsed.data.metrics ?? []).forEach((metric, i) => {
      const read = manifest ? { success: true as const, data: metric as DbtMetric } : readYamlMetric(metric);
      if (read.success) metrics.push({ value: read.data, where: where(`metrics[${i}]`) });
      else problems.push(...issuesFromZod(read.error.issues, ['metrics', i]).map((issue) => ({ file: document.file, path: issue.path, message: issue.message })));
    });
    (parsed.data.saved_queries ?? []).forEach((query, i) => report.skip(where(`saved_queries[${i}]`), `saved query ${query.name}`, 'saved queries are not carried (ask the question, then mark the answer verified)'));
    if (!manifest) {
      ((parsed.data as z.infer<typeof dbtYamlFileSchema>).models ?? []).forEach((entry, i) => {
        if (!('semantic_model' in entry)) return;
        const model = latestModelSchema.safeParse(entry);
        if (!model.success) {
          problems.push(...issuesFromZod(model.error.issues, ['models', i]).map((issue) => ({ file: document.file, path: issue.path, message: issue.message })));
          return;
        }
        const semanticModel = semanticModelOf(model.data, `models[${i}]`);
        if (semanticModel !== undefined) models.push({ value: semanticModel.model, where: where(`models[${i}]`), table: model.data.name, paths: semanticModel.paths });
        (model.data.metrics ?? []).forEach((metric, j) => metrics.push({ value: legacyMetricOf(metric), where: where(`models[${i}].metrics[${j}]`) }));
      });
    }
  }
  if (problems.length > 0) throw new ModelImportError(problems);
  if (wanted !== undefined) report.note(`--semantic-model ${wanted} is for Ossie documents; a dbt project is imported whole`);
  const draft: ModelDraft = { name: 'dbt semantic layer', entities: {}, relations: [] };
  const measures = readDbtModels(models, draft, report);
  readDbtMetrics(metrics, measures, draft, report);
  return draft;
}

/** A YAML metric: the legacy form has type_params; the latest spec writes the same keys directly. */
function readYamlMetric(metric: unknown): { success: true; data: DbtMetric } | { success: false; error: z.ZodError } {
  if (typeof metric === 'object' && metric !== null && 'type_params' in metric) return yamlMetricSchema.safeParse(metric);
  const latest = latestMetricSchema.safeParse(metric);
  return latest.success ? { success: true, data: legacyMetricOf(latest.data) } : latest;
}

/** `ref('orders')`, `ref("orders")`, `ref('package', 'orders')`, `ref('orders', v=2)` -> orders. */
export function tableOfRef(ref: string): string | undefined {
  const match = /^\s*(?:\{\{\s*)?ref\(\s*['"]([^'"]+)['"]\s*(?:,\s*['"]([^'"]+)['"]\s*)?(?:,\s*v(?:ersion)?\s*=\s*[^)]*)?\)\s*(?:\}\})?\s*$/.exec(ref);
  if (match === null) return undefined;
  return match[2] ?? match[1];
}
