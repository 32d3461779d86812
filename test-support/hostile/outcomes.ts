/** Collects "input -> outcome" rows and writes them as JSON lines when ASKDATA_FIGURES is set (for docs/reliability.md). */
import { recordFigure } from '../figures';

export function recordOutcome(app: string, category: string, label: string, outcome: string): void {
  recordFigure('hostile', { app, category, label, outcome });
}
