/** Ossie documents (JSON or YAML) -> one draft: the semantic model chosen by name, or the only one. */
import { issuesFromZod } from '@askdata/core';
import type { ImportReport } from '../draft/import-report';
import type { ModelDraft } from '../draft/model-draft';
import { type InputProblem, ModelImportError } from '../source/import-error';
import type { SourceDocument } from '../source/source-files';
import { ossieDocumentSchema } from './ossie-schema';
import { readOssieModel } from './read-ossie';

export function readOssieDocuments(documents: readonly SourceDocument[], report: ImportReport, wanted: string | undefined): ModelDraft {
  const problems: InputProblem[] = [];
  const candidates: Array<{ file: string; index: number; model: ReturnType<typeof ossieDocumentSchema.parse>['semantic_model'][number] }> = [];
  for (const document of documents) {
    const parsed = ossieDocumentSchema.safeParse(document.data);
    if (!parsed.success) {
      problems.push(...issuesFromZod(parsed.error.issues).map((issue) => ({ file: document.file, path: issue.path, message: issue.message })));
      continue;
    }
    parsed.data.semantic_model.forEach((model, index) => candidates.push({ file: document.file, index, model }));
  }
  if (problems.length > 0) throw new ModelImportError(problems);
  const chosen = wanted === undefined ? candidates[0] : candidates.find((candidate) => candidate.model.name === wanted);
  if (chosen === undefined) {
    const names = candidates.map((candidate) => candidate.model.name).join(', ');
    throw new ModelImportError([{ file: documents[0]?.file ?? '(input)', path: 'semantic_model', message: wanted === undefined ? 'the document holds no semantic model' : `no semantic model named "${wanted}" (found: ${names || 'none'})` }]);
  }
  for (const other of candidates.filter((candidate) => candidate !== chosen)) {
    report.skip({ file: other.file, path: `semantic_model[${other.index}]` }, `semantic model ${other.model.name}`, `one askdata model is imported at a time; run again with --semantic-model ${other.model.name}`);
  }
  const context = { file: chosen.file, report, problems };
  const draft = readOssieModel(chosen.model, `semantic_model[${chosen.index}]`, context);
  if (problems.length > 0) throw new ModelImportError(problems);
  return draft;
}
