/**
 * Reads a model file (YAML for .yaml/.yml, JSON for .json), validates it with modelFileSchema and
 * normalises it. Every error is a CoreError MODEL_INVALID whose message names the file, the path inside it
 * (e.g. `entities.orders.fields.subtotal.type`) and the problem, with all problems listed at once. The file
 * is read within model-file-limits.ts's bounds (its size before parsing, YAML aliases before expanding).
 */

export interface ModelFileOptions {
  /** MODEL_FILE_MAX_BYTES: a larger file is refused before it is read. */
  maxBytes?: number;
}
import { extname, resolve } from 'node:path';
import { checkTextWithin, DEFAULT_MODEL_FILE_MAX_BYTES, parseYamlWithin, readTextWithin, sourceProblemIssue } from './model-file-limits';
import { issuesFromZod, modelInvalid } from './model-issues';
import { modelFileSchema } from './model-schema';
import { normalizeModel } from './normalize-model';
import type { SemanticModel } from './semantic-model';

export function loadModelFile(path: string, options: ModelFileOptions = {}): SemanticModel {
  const source = resolve(path);
  return parseModelText(readModelText(source, options.maxBytes ?? DEFAULT_MODEL_FILE_MAX_BYTES), source, options);
}

/** Parses model text already in memory; `source` (a path) picks YAML or JSON by its extension. */
export function parseModelText(text: string, source: string, options: ModelFileOptions = {}): SemanticModel {
  const tooLarge = checkTextWithin(text, options.maxBytes ?? DEFAULT_MODEL_FILE_MAX_BYTES);
  if (tooLarge.length > 0) throw modelInvalid(source, tooLarge.map((problem) => sourceProblemIssue(problem, 'file')));
  const data = extname(source).toLowerCase() === '.json' ? parseJson(text, source) : parseYaml(text, source);
  const parsed = modelFileSchema.safeParse(data);
  if (!parsed.success) throw modelInvalid(source, issuesFromZod(parsed.error.issues));
  return normalizeModel(parsed.data, source);
}

function readModelText(source: string, maxBytes: number): string {
  const extension = extname(source).toLowerCase();
  if (!['.yaml', '.yml', '.json'].includes(extension)) {
    throw modelInvalid(source, [{ path: '(file)', message: `unsupported extension "${extension}"; use .yaml, .yml or .json` }]);
  }
  let read;
  try {
    read = readTextWithin(source, maxBytes);
  } catch (error) {
    // Duck-typed: fs errors may come from another realm (jest, workers), where instanceof Error is false.
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    const reason = code === 'ENOENT' ? 'file not found' : `cannot read the file (${String(error)})`;
    throw modelInvalid(source, [{ path: '(file)', message: reason }]);
  }
  if (!read.ok) throw modelInvalid(source, read.problems.map((problem) => sourceProblemIssue(problem, 'file')));
  return read.value;
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw modelInvalid(source, [{ path: '(file)', message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }]);
  }
}

function parseYaml(text: string, source: string): unknown {
  const parsed = parseYamlWithin(text);
  if (!parsed.ok) throw modelInvalid(source, parsed.problems.map((problem) => sourceProblemIssue(problem, 'YAML')));
  return parsed.value;
}
