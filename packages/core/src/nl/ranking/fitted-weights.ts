/**
 * The weights the ranker ships with (weights.json, written by `npm run eval:train`), checked once at load:
 * a file of another format is refused rather than read as zeros.
 */
import type { ReadingWeights } from './log-linear';
import fitted from './weights.json';

function checked(file: typeof fitted): ReadingWeights {
  if (file.version !== 1) throw new Error(`ranking weights of version ${String(file.version)}: this engine reads version 1 (npm run eval:train writes it)`);
  if (typeof file.platt?.a !== 'number' || typeof file.platt?.b !== 'number') throw new Error('ranking weights without their Platt scaling (npm run eval:train writes it)');
  return { ...file, version: 1 };
}

export const FITTED_WEIGHTS: ReadingWeights = checked(fitted);
