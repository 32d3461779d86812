/**
 * Fits the reading ranker's weights (packages/core/src/nl/ranking/log-linear.ts) by maximum L2-penalised
 * likelihood learned from denotations: for each question, the readings whose answers were right are the
 * outcome observed, so a question with right readings maximises log Σ_{i right} P(i) (any of them will
 * do: they gave the same rows), and a question with none maximises log P(none). With one reading per
 * question this is exactly logistic regression.
 *
 * Plain full-batch gradient descent, in a fixed order with no randomness, so two fits of the same data
 * give the same weights to the last bit. A few thousand questions and a few hundred sparse features need
 * nothing more; keeping it here (one loop) avoids a numerical library for one fit.
 */
import { readingProbabilities, type Features } from '@askdata/core';

export interface QuestionReadings {
  readings: ReadonlyArray<{ features: Features; right: boolean }>;
}

export interface FitOptions {
  /** The L2 penalty on the weights (not the bias), in units of one question's log-likelihood. */
  l2: number;
  steps: number;
  rate: number;
  /** A feature seen in fewer questions than this gets no weight of its own: too little to measure it. */
  minSupport: number;
}

export const DEFAULT_FIT: FitOptions = { l2: 1, steps: 4000, rate: 0.5, minSupport: 8 };

export interface FittedReadings {
  bias: number;
  weights: Record<string, number>;
  /** The penalised negative log-likelihood per question at the end (how well the fit converged). */
  loss: number;
}

interface Sparse {
  index: Int32Array;
  value: Float64Array;
}

/** The features named in at least `minSupport` questions, sorted by name (so the fit's order is fixed). */
function supportedNames(questions: readonly QuestionReadings[], minSupport: number): string[] {
  const support = new Map<string, number>();
  for (const q of questions) {
    const names = new Set(q.readings.flatMap((r) => [...r.features.keys()]));
    for (const name of names) support.set(name, (support.get(name) ?? 0) + 1);
  }
  return [...support].filter(([, n]) => n >= minSupport).map(([name]) => name).sort();
}

function sparse(features: Features, index: ReadonlyMap<string, number>): Sparse {
  const kept = [...features].filter(([name, value]) => index.has(name) && value !== 0);
  return { index: Int32Array.from(kept.map(([name]) => index.get(name)!)), value: Float64Array.from(kept.map(([, value]) => value)) };
}

/** The negative log-likelihood of one question, and (into `grad`, `gradBias`) its gradient. */
function questionLoss(readings: readonly Sparse[], right: readonly boolean[], w: Float64Array, bias: number, grad?: Float64Array): { loss: number; gradBias: number } {
  const scores = readings.map((r) => {
    let z = bias;
    for (let k = 0; k < r.index.length; k++) z += w[r.index[k]!]! * r.value[k]!;
    return z;
  });
  const p = readingProbabilities(scores);
  const pRight = p.reduce((sum, pi, i) => sum + (right[i] ? pi : 0), 0);
  const anyRight = right.some((r) => r);
  const loss = -Math.log(Math.max(1e-300, anyRight ? pRight : 1 - p.reduce((a, b) => a + b, 0)));
  // d loss / d s_i = P(i) - q(i), q the readings' share of the right ones (0 everywhere when none was right).
  let gradBias = 0;
  readings.forEach((r, i) => {
    const error = p[i]! - (anyRight && right[i] ? p[i]! / pRight : 0);
    gradBias += error;
    if (grad !== undefined) for (let k = 0; k < r.index.length; k++) grad[r.index[k]!]! += error * r.value[k]!;
  });
  return { loss, gradBias };
}

export function fitReadings(questions: readonly QuestionReadings[], options: FitOptions = DEFAULT_FIT): FittedReadings {
  const names = supportedNames(questions, options.minSupport);
  const index = new Map(names.map((name, i) => [name, i]));
  const data = questions.map((q) => ({ readings: q.readings.map((r) => sparse(r.features, index)), right: q.readings.map((r) => r.right) }));
  const n = Math.max(1, data.length);
  const w = new Float64Array(names.length);
  let bias = 0;
  for (let step = 0; step < options.steps; step++) {
    const grad = new Float64Array(names.length);
    let gradBias = 0;
    for (const q of data) gradBias += questionLoss(q.readings, q.right, w, bias, grad).gradBias;
    bias -= (options.rate * gradBias) / n;
    for (let i = 0; i < w.length; i++) w[i]! -= options.rate * (grad[i]! / n + (options.l2 * w[i]!) / n);
  }
  let loss = 0;
  for (const q of data) loss += questionLoss(q.readings, q.right, w, bias).loss;
  for (let i = 0; i < w.length; i++) loss += (options.l2 * w[i]! * w[i]!) / 2;
  const weights: Record<string, number> = {};
  names.forEach((name, i) => {
    weights[name] = w[i]!;
  });
  return { bias, weights, loss: loss / n };
}

/** The mean negative log-likelihood of questions under given weights (a held-out fold's loss). */
export function meanLogLoss(questions: readonly QuestionReadings[], model: { bias: number; weights: Readonly<Record<string, number>> }): number {
  const names = Object.keys(model.weights).sort();
  const index = new Map(names.map((name, i) => [name, i]));
  const w = Float64Array.from(names.map((name) => model.weights[name]!));
  let loss = 0;
  for (const q of questions) loss += questionLoss(q.readings.map((r) => sparse(r.features, index)), q.readings.map((r) => r.right), w, model.bias).loss;
  return loss / Math.max(1, questions.length);
}
