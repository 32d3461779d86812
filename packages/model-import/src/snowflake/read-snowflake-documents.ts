import type { ImportReport } from '../build/import-report';
import type { ModelDraft } from '../build/model-draft';
import type { SourceDocument } from '../source/source-files';

export function readSnowflakeDocuments(documents: readonly SourceDocument[], report: ImportReport): ModelDraft {
  void documents; void report;
  throw new Error('todo');
}
