/** Public API of the model import: read a model people already have, write an askdata model as Ossie. */
export { importModel, TenancyRequiredError, type ImportOptions, type ImportResult } from './import-model';
export { formatReport, type CarriedCounts, type ImportReport, type NotCarried, type VerifiedQuery } from './draft/import-report';
export type { TenancyChoice } from './draft/apply-tenancy';
export { ModelImportError, isModelImportError, type InputProblem } from './source/import-error';
export { exportOssie, exportOssieText, EXPORT_VERSION } from './ossie/export-ossie';
