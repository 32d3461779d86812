/**
 * Input that is not valid for its format: one error listing every problem found, each with the file, the
 * path inside it and the reason, so the author fixes the source in one pass.
 */
export interface InputProblem {
  file: string;
  /** Path inside the document (`semantic_model[0].datasets[1].source`), or `(file)` for the file itself. */
  path: string;
  message: string;
}

export class ModelImportError extends Error {
  constructor(readonly problems: readonly InputProblem[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(`Cannot import (${count}):\n${problems.map((problem) => `  - ${problem.file}: ${problem.path}: ${problem.message}`).join('\n')}`);
    this.name = 'ModelImportError';
  }
}

export const isModelImportError = (error: unknown): error is ModelImportError => error instanceof Error && error.name === 'ModelImportError' && 'problems' in error;
