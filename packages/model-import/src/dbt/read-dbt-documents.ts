import type { ImportReport } from '../build/import-report';
import type { ModelDraft } from '../build/model-draft';
import type { SourceDocument } from '../source/source-files';

export function readDbtDocuments(documents: readonly SourceDocument[], report: ImportReport, wanted: string | undefined): ModelDraft {
  void documents; void report; void wanted;
  throw new Error('todo');
}
