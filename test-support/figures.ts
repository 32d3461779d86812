/**
 * Measured figures (recovery times, load results) are appended to a JSON-lines file when
 * ASKDATA_FIGURES names one, so docs/reliability.md can quote real runs; tests never assert speed.
 */
import { appendFileSync } from 'node:fs';

export function recordFigure(name: string, values: Record<string, number | string>): void {
  const file = process.env.ASKDATA_FIGURES;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ name, at: new Date().toISOString(), ...values })}\n`);
}
