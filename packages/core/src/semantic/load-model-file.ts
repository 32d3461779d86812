/**
 * Reads a model file (YAML for .yaml/.yml, JSON for .json), validates it with modelFileSchema and
 * normalises it. Every error is a CoreError MODEL_INVALID whose message names the file, the path inside it
 * (e.g. `entities.orders.fields.subtotal.type`) and the problem, with all problems listed at once.
 */
import { readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { issuesFromZod, modelInvalid } from './model-issues';
import { modelFileSchema } from './model-schema';
import { normalizeModel } from './normalize-model';
import type { SemanticModel } from './semantic-model';

export function loadModelFile(path: string): SemanticModel {
  const source = resolve(path);
  return parseModelText(readModelText(source), source);
}

/** Parses model text already in memory; `source` (a path) picks YAML or JSON by its extension. */
export function parseModelText(text: string, source: string): SemanticModel {
  const data = extname(source).toLowerCase() === '.json' ? parseJson(text, source) : parseYaml(text, source);
  const parsed = modelFileSchema.safeParse(data);
  if (!parsed.success) throw modelInvalid(source, issuesFromZod(parsed.error.issues));
  return normalizeModel(parsed.data, source);
}

function readModelText(source: string): string {
  const extension = extname(source).toLowerCase();
  if (!['.yaml', '.yml', '.json'].includes(extension)) {
    throw modelInvalid(source, [{ path: '(file)', message: `unsupported extension "${extension}"; use .yaml, .yml or .json` }]);
  }
  try {
    return readFileSync(source, 'utf8');
  } catch (error) {
    // Duck-typed: fs errors may come from another realm (jest, workers), where instanceof Error is false.
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    const reason = code === 'ENOENT' ? 'file not found' : `cannot read the file (${String(error)})`;
    throw modelInvalid(source, [{ path: '(file)', message: reason }]);
  }
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw modelInvalid(source, [{ path: '(file)', message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }]);
  }
}

function parseYaml(text: string, source: string): unknown {
  const document = parseDocument(text);
  if (document.errors.length > 0) {
    throw modelInvalid(
      source,
      document.errors.map((error) => {
        const where = error.linePos?.[0];
        return { path: where === undefined ? '(file)' : `(line ${where.line}, column ${where.col})`, message: `not valid YAML: ${(error.message.split('\n')[0] ?? error.code).replace(/ at line \d+, column \d+:?$/, '')}` };
      }),
    );
  }
  return document.toJS() as unknown;
}
