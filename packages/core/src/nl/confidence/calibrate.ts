/**
 * The calibrated confidence of a reading: a logistic model over its features (features.ts), fitted on
 * measured right and wrong answers (eval/tools/calibrate.ts, on the calibration half of spider-train), so a
 * confidence of 0.8 means about four answers in five of that kind were right there. It also names the
 * parts of the reading that pulled the confidence down most, for a decline that says what was unsure.
 */
import type { Features } from './features';

export interface ConfidenceWeights {
  /** What the weights were fitted on, and when (for the record). */
  fittedOn: string;
  bias: number;
  weights: Readonly<Record<string, number>>;
}

export interface Calibrated {
  confidence: number;
  /** Features that lowered the confidence, most first. */
  doubts: string[];
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export function calibrate(features: Features, model: ConfidenceWeights): Calibrated {
  let z = model.bias;
  const contributions: Array<[string, number]> = [];
  for (const [name, value] of features) {
    const weight = Object.hasOwn(model.weights, name) ? model.weights[name]! : 0;
    z += weight * value;
    if (weight * value < 0) contributions.push([name, weight * value]);
  }
  contributions.sort((a, b) => a[1] - b[1]);
  return { confidence: Math.round(sigmoid(z) * 1000) / 1000, doubts: contributions.map(([name]) => name) };
}
