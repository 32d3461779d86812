/**
 * The documents an import reads: one file (YAML or JSON), or a folder searched for them. A dbt project is
 * read from the YAML under it (models/ and wherever semantic_models: and metrics: are); when none defines
 * them, from target/semantic_manifest.json, which `dbt parse` writes whichever YAML spec the project uses.
 * Each file is read within core's model-file bounds (size before parsing, YAML aliases before expanding).
 */

export interface SourceReadOptions {
  /** MODEL_FILE_MAX_BYTES: a larger file is refused before it is read. */
  maxBytes?: number;
}
import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { DEFAULT_MODEL_FILE_MAX_BYTES, parseYamlWithin, readTextWithin, sourceProblemIssue, type SourceProblem } from '@askdata/core';
import { type InputProblem, ModelImportError } from './import-error';

export interface SourceDocument {
  /** As given on the command line, or relative to the folder given. */
  file: string;
  data: unknown;
  /** What the file's YAML holds that the tools writing it accept but a reader should hear of (a duplicate key). */
  warnings?: InputProblem[];
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'target', 'dbt_packages', 'logs', '.git']);
const EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

export function readSourceDocuments(input: string, options: SourceReadOptions = {}): SourceDocument[] {
  const maxBytes = options.maxBytes ?? DEFAULT_MODEL_FILE_MAX_BYTES;
  if (!existsSync(input)) throw new ModelImportError([{ file: input, path: '(file)', message: 'no such file or folder' }]);
  if (!statSync(input).isDirectory()) return [readDocument(input, input, maxBytes)];
  const files = listFiles(input).map((path) => relative(input, path));
  const problems: InputProblem[] = [];
  const documents: SourceDocument[] = [];
  for (const file of files) {
    try {
      documents.push(readDocument(join(input, file), file, maxBytes));
    } catch (error) {
      if (error instanceof ModelImportError) problems.push(...error.problems);
      else throw error;
    }
  }
  if (problems.length > 0) throw new ModelImportError(problems);
  const manifest = join(input, 'target', 'semantic_manifest.json');
  if (!documents.some((document) => definesSemantics(document.data)) && existsSync(manifest)) return [readDocument(manifest, relative(input, manifest), maxBytes)];
  return documents;
}

/** True for a document of one of the formats (as opposed to, say, a dbt_project.yml or a sources file). */
export function definesSemantics(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const keys = Object.keys(data);
  return ['semantic_model', 'semantic_models', 'metrics', 'tables'].some((key) => keys.includes(key)) || dbtModelsWithSemantics(data);
}

/** The latest dbt spec: `models:` entries carrying a `semantic_model:` block. */
function dbtModelsWithSemantics(data: object): boolean {
  const models = (data as { models?: unknown }).models;
  return Array.isArray(models) && models.some((model) => typeof model === 'object' && model !== null && 'semantic_model' in model);
}

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.') ? [] : listFiles(path);
      return EXTENSIONS.has(extname(entry.name).toLowerCase()) ? [path] : [];
    });
}

const problemsOf = (file: string, problems: readonly SourceProblem[], kind: 'YAML' | 'file'): InputProblem[] => problems.map((problem) => ({ file, ...sourceProblemIssue(problem, kind) }));

/** A JSON file read within the size bound (dbt's manifest.json), or a ModelImportError naming it. */
export function readJsonWithin(path: string, file: string, maxBytes: number = DEFAULT_MODEL_FILE_MAX_BYTES): unknown {
  return readDocument(path, file, maxBytes).data;
}

function readDocument(path: string, file: string, maxBytes: number): SourceDocument {
  const extension = extname(path).toLowerCase();
  if (!EXTENSIONS.has(extension)) throw new ModelImportError([{ file, path: '(file)', message: `unsupported extension "${extension}"; use .yaml, .yml or .json` }]);
  let read;
  try {
    read = readTextWithin(path, maxBytes);
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : String(error);
    throw new ModelImportError([{ file, path: '(file)', message: `cannot read the file (${code})` }]);
  }
  if (!read.ok) throw new ModelImportError(problemsOf(file, read.problems, 'file'));
  const text = read.value;
  if (extension === '.json') {
    try {
      return { file, data: JSON.parse(text) as unknown };
    } catch (error) {
      throw new ModelImportError([{ file, path: '(file)', message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }]);
    }
  }
  // Files Snowflake's and dbt's tooling wrote are read as its reader (PyYAML, YAML 1.1) reads them.
  const parsed = parseYamlWithin(text, { duplicateKeys: 'warn', version: '1.1' });
  if (!parsed.ok) throw new ModelImportError(problemsOf(file, parsed.problems, 'YAML'));
  return parsed.warnings === undefined ? { file, data: parsed.value } : { file, data: parsed.value, warnings: problemsOf(file, parsed.warnings, 'YAML') };
}
