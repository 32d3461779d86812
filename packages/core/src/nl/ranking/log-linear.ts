/**
 * The learned ranker over a question's readings: a log-linear (softmax) model with a "none is right"
 * option. Each reading i scores s_i = bias + w·f_i; the "none" option scores 0, so
 *
 *   P(i) = exp(s_i) / (1 + Σ_j exp(s_j)),   P(none) = 1 / (1 + Σ_j exp(s_j)).
 *
 * With one reading this is the logistic regression the confidence was before (P = sigmoid(s)), so one model
 * both chooses among readings and says how likely the chosen one is right. The weights are fitted on
 * spider-train's calibration half (eval/tools/train-readings.ts) and the chosen reading's probability is
 * then mapped through Platt scaling fitted on cross-fitted predictions, so a confidence of 0.8 means about
 * four answers in five of that kind were right there.
 */
import type { Features } from './features';

export interface ReadingWeights {
  /** The format of this file; a reader refuses another. */
  version: 1;
  /** What the weights were trained on, with the figures of the fit (for the record). */
  trainedOn: string;
  bias: number;
  weights: Readonly<Record<string, number>>;
  /** Platt scaling of the chosen reading's probability p: confidence = sigmoid(a·logit(p) + b). */
  platt: { a: number; b: number };
  /**
   * The cross-fitted (held-out) answers of the calibration half by band of calibrated confidence, for the
   * threshold's rule (docs/accuracy.md): the final weights' bands on the half they were trained on flatter them.
   */
  heldOutBands?: ReadonlyArray<{ from: number; to: number; answers: number; right: number }>;
}

const weightOf = (weights: ReadingWeights['weights'], name: string): number => (Object.hasOwn(weights, name) ? weights[name]! : 0);

/** s = bias + w·f (a feature the weights do not name counts 0, a built-in name like "constructor" too). */
export function readingScore(features: Features, model: Pick<ReadingWeights, 'bias' | 'weights'>): number {
  let z = model.bias;
  for (const [name, value] of features) z += weightOf(model.weights, name) * value;
  return z;
}

/** P(i) for each reading's score, beside the "none is right" option's score of 0 (computed without overflow). */
export function readingProbabilities(scores: readonly number[]): number[] {
  const top = Math.max(0, ...scores);
  const exps = scores.map((s) => Math.exp(s - top));
  const total = Math.exp(-top) + exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** logit(p), with p kept off 0 and 1 so a certain model still gives a finite value. */
export const logit = (p: number): number => {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return Math.log(q / (1 - q));
};

/** The calibrated confidence of a reading whose model probability is p. */
export function plattScaled(p: number, platt: ReadingWeights['platt']): number {
  return sigmoid(platt.a * logit(p) + platt.b);
}

/** The features that lowered a reading's score, most first (for a decline that says what was unsure). */
export function doubtsOf(features: Features, model: Pick<ReadingWeights, 'weights'>): string[] {
  const lowering: Array<[string, number]> = [];
  for (const [name, value] of features) {
    const contribution = weightOf(model.weights, name) * value;
    if (contribution < 0) lowering.push([name, contribution]);
  }
  return lowering.sort((a, b) => a[1] - b[1]).map(([name]) => name);
}

export interface RankedReading {
  /** Where the reading was in the list given (0: the builder's preferred reading). */
  index: number;
  /** P(this reading is the one meant), from the log-linear model. */
  probability: number;
  /** The Platt-calibrated probability, rounded to three places: the confidence the answer is given. */
  confidence: number;
  /** Features that lowered this reading's score, most first. */
  doubts: string[];
}

/**
 * A question's readings ranked, most probable first (equal probabilities keep the builder's order, so the
 * preferred reading wins a tie): the first is the one answered.
 */
export function rankReadings(readings: readonly Features[], model: ReadingWeights): RankedReading[] {
  const probabilities = readingProbabilities(readings.map((f) => readingScore(f, model)));
  return readings
    .map((features, index) => ({ index, probability: probabilities[index]!, confidence: Math.round(plattScaled(probabilities[index]!, model.platt) * 1000) / 1000, doubts: doubtsOf(features, model) }))
    .sort((a, b) => b.probability - a.probability || a.index - b.index);
}
