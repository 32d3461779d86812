/**
 * `askdata model import`: the documents at a path -> an askdata model file and a report. The steps after
 * reading are the same for every format: join paths named, tenancy applied (stated by the caller), the
 * defaults no format states chosen, and the result validated by core as any hand-written model is.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { scaffoldModelFile, type ModelFileInput, type SemanticModel, type TableInfo } from '@askdata/core';
import { databaseColumnTypes, manifestColumnTypes, settleAssumedTypes } from './dbt/column-types';
import { applyTenancy, type TenancyChoice } from './draft/apply-tenancy';
import { completeDraft } from './draft/complete-draft';
import { draftToFile, validateDraft } from './draft/draft-to-model';
import { type CarriedCounts, ImportReport, type SourceFormat } from './draft/import-report';
import type { ModelDraft } from './draft/model-draft';
import { nameRelations } from './draft/name-relations';
import { readDbtDocuments } from './dbt/read-dbt-documents';
import { readOssieDocuments } from './ossie/read-ossie-documents';
import { readSnowflakeDocuments } from './snowflake/read-snowflake-documents';
import { ModelImportError } from './source/import-error';
import { definesSemantics, readSourceDocuments, readJsonWithin, type SourceDocument } from './source/source-files';

export interface ImportOptions {
  /** Required unless the document is one askdata exported (it carries askdata's tenancy). */
  tenancy?: TenancyChoice;
  /** Which semantic model, when a document holds several. */
  model?: string;
  /** MODEL_FILE_MAX_BYTES: each file read is refused past it, before it is parsed. */
  maxBytes?: number;
  /**
   * The data source's tables, introspected by the caller (who holds the connection): column types for a dbt
   * project whose manifest does not state them (dbt/column-types.ts).
   */
  databaseTables?: readonly TableInfo[];
}

export interface ImportResult {
  file: ModelFileInput;
  model: SemanticModel;
  /** The model file as written (YAML). */
  text: string;
  report: ImportReport;
  carried: CarriedCounts;
}

/** No tenancy stated and none in the document: the caller must say `none` or name the tenant column. */
export class TenancyRequiredError extends Error {
  constructor() {
    super('--tenancy is required: say "none" for single-tenant data, or map a context key to the tenant column, e.g. --tenancy orgId=organisation_id');
    this.name = 'TenancyRequiredError';
  }
}

export function importModel(input: string, options: ImportOptions = {}): ImportResult {
  const documents = readSourceDocuments(input, options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }).filter((document) => definesSemantics(document.data));
  if (documents.length === 0) {
    throw new ModelImportError([{ file: input, path: '(file)', message: 'no semantic model found: expected an Ossie document (version, semantic_model), dbt semantic_models:/metrics: YAML or target/semantic_manifest.json, or a Snowflake semantic model (name, tables)' }]);
  }
  const format = formatOf(documents);
  const report = new ImportReport(format, documents.map((document) => document.file));
  for (const warning of documents.flatMap((document) => document.warnings ?? [])) report.note(warning.message.replace(/^not valid YAML: /, 'YAML: '), { file: warning.file, path: warning.path });
  const draft = readDraft(format, documents, report, options);
  if (format === 'dbt') settleAssumedTypes(draft, { ...manifestTypes(input, options), ...(options.databaseTables === undefined ? {} : { database: databaseColumnTypes(options.databaseTables) }) }, report);
  if (options.tenancy !== undefined) applyTenancy(draft, options.tenancy, report);
  else if (draft.tenancy === undefined) throw new TenancyRequiredError();
  else report.note('tenancy as askdata wrote it into the document');
  if (draft.writtenByAskdata !== true) {
    nameRelations(draft);
    completeDraft(draft, report);
  }
  const file = draftToFile(draft);
  const model = validateDraft(file, input);
  return { file, model, text: scaffoldModelFile(model), report, carried: countCarried(model, file) };
}

/** A dbt project's target/manifest.json, when the input is the project folder and dbt wrote one. */
function manifestTypes(input: string, options: ImportOptions): { manifest?: ReturnType<typeof manifestColumnTypes> } {
  const path = join(input, 'target', 'manifest.json');
  if (!statSync(input).isDirectory() || !existsSync(path)) return {};
  return { manifest: manifestColumnTypes(readJsonWithin(path, join('target', 'manifest.json'), options.maxBytes)) };
}

function readDraft(format: SourceFormat, documents: readonly SourceDocument[], report: ImportReport, options: ImportOptions): ModelDraft {
  switch (format) {
    case 'ossie':
      return readOssieDocuments(documents, report, options.model);
    case 'dbt':
      return readDbtDocuments(documents, report, options.model);
    case 'snowflake':
      return readSnowflakeDocuments(documents, report);
  }
}

function formatOf(documents: readonly SourceDocument[]): SourceFormat {
  const formats = documents.map((document) => ({ file: document.file, format: detectFormat(document.data as Record<string, unknown>) }));
  const distinct = [...new Set(formats.map((entry) => entry.format))];
  if (distinct.length > 1) {
    throw new ModelImportError(formats.map((entry) => ({ file: entry.file, path: '(file)', message: `reads as ${entry.format}; a folder must hold one format (found ${distinct.join(', ')})` })));
  }
  return distinct[0] ?? 'ossie';
}

/** By the top-level keys each format requires. */
export function detectFormat(data: Record<string, unknown>): SourceFormat {
  if ('semantic_model' in data) return 'ossie';
  // A Snowflake model may have top-level metrics too (semantic views); dbt files never have tables.
  if ('tables' in data) return 'snowflake';
  return 'dbt';
}

function countCarried(model: SemanticModel, file: ModelFileInput): CarriedCounts {
  const entities = Object.values(model.entities);
  const fields = entities.flatMap((entity) => Object.values(entity.fields));
  const measures = entities.flatMap((entity) => Object.values(entity.measures));
  const fileFields = Object.values(file.entities).flatMap((entity) => Object.values(entity.fields));
  return {
    entities: entities.length,
    fields: fields.length,
    measures: measures.length,
    ratios: measures.filter((measure) => measure.ratio !== undefined).length,
    relations: model.relations.length,
    synonyms: [...entities.map((entity) => entity.synonyms.length), ...fields.map((field) => field.synonyms.length), ...measures.map((measure) => measure.synonyms.length)].reduce((a, b) => a + b, 0),
    valueHints: fileFields.filter((field) => field.indexValues === true).length,
  };
}
