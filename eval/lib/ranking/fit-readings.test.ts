import { readingProbabilities } from '@askdata/core';
import { type FitOptions, type QuestionReadings, fitReadings, meanLogLoss } from './fit-readings';

const reading = (names: readonly string[], right: boolean) => ({ features: new Map(names.map((n) => [n, 1])), right });
const FAST: FitOptions = { l2: 0.1, steps: 2000, rate: 0.5, minSupport: 1 };

/** Plain logistic regression by the same gradient descent, written out on its own (the reference). */
function logisticRegression(samples: ReadonlyArray<{ x: Map<string, number>; y: 0 | 1 }>, options: FitOptions): { bias: number; weights: Record<string, number> } {
  const names = [...new Set(samples.flatMap((s) => [...s.x.keys()]))].sort();
  const w = new Map(names.map((n) => [n, 0]));
  let bias = 0;
  for (let step = 0; step < options.steps; step++) {
    const grad = new Map(names.map((n) => [n, 0]));
    let gradBias = 0;
    for (const s of samples) {
      let z = bias;
      for (const [n, v] of s.x) z += w.get(n)! * v;
      const error = 1 / (1 + Math.exp(-z)) - s.y;
      gradBias += error;
      for (const [n, v] of s.x) grad.set(n, grad.get(n)! + error * v);
    }
    bias -= (options.rate * gradBias) / samples.length;
    for (const n of names) w.set(n, w.get(n)! - options.rate * (grad.get(n)! / samples.length + (options.l2 * w.get(n)!) / samples.length));
  }
  return { bias, weights: Object.fromEntries(w) };
}

describe('fitting the reading ranker', () => {
  // Each question has a reading marked "good" (right) and one marked "bad" (wrong), in varying order and
  // with shared noise; a few questions have no right reading at all.
  const questions: QuestionReadings[] = Array.from({ length: 40 }, (_, i) => {
    const noise = i % 3 === 0 ? ['shared'] : [];
    if (i % 10 === 9) return { readings: [reading(['bad', ...noise], false), reading(['other', ...noise], false)] };
    const good = reading(['good', ...noise], true);
    const bad = reading(['bad', ...noise], false);
    return { readings: i % 2 === 0 ? [good, bad] : [bad, good] };
  });

  it('learns from denotations to put the right reading first', () => {
    const fit = fitReadings(questions, FAST);
    expect(fit.weights.good).toBeGreaterThan(fit.weights.bad!);
    for (const q of questions) {
      const p = readingProbabilities(q.readings.map((r) => fit.bias + [...r.features.keys()].reduce((s, n) => s + (fit.weights[n] ?? 0), 0)));
      const best = p.indexOf(Math.max(...p));
      if (q.readings.some((r) => r.right)) expect(q.readings[best]!.right).toBe(true);
    }
    // The questions with no right reading teach "none": their readings stay below one half.
    expect(readingProbabilities([fit.bias + fit.weights.bad!, fit.bias + fit.weights.other!]).every((p) => p < 0.5)).toBe(true);
    expect(meanLogLoss(questions, fit)).toBeLessThan(meanLogLoss(questions, { bias: 0, weights: {} }));
  });

  it('with one reading per question is logistic regression', () => {
    const single: QuestionReadings[] = Array.from({ length: 30 }, (_, i) => ({ readings: [reading(i % 4 === 0 ? ['a'] : i % 4 === 1 ? ['a', 'b'] : i % 4 === 2 ? ['b'] : ['c'], i % 3 !== 0)] }));
    const fit = fitReadings(single, FAST);
    const reference = logisticRegression(single.map((q) => ({ x: q.readings[0]!.features as Map<string, number>, y: q.readings[0]!.right ? 1 : 0 })), FAST);
    expect(fit.bias).toBeCloseTo(reference.bias, 9);
    for (const name of ['a', 'b', 'c']) expect(fit.weights[name]).toBeCloseTo(reference.weights[name]!, 9);
  });

  it('is deterministic: two fits give the same weights to the last bit', () => {
    expect(fitReadings(questions, FAST)).toEqual(fitReadings(questions, FAST));
  });

  it('gives no weight to a feature seen in fewer questions than the minimum', () => {
    const rare = [...questions, { readings: [reading(['rare', 'good'], true)] }];
    expect(fitReadings(rare, { ...FAST, minSupport: 2 }).weights).not.toHaveProperty('rare');
    expect(fitReadings(rare, FAST).weights).toHaveProperty('rare');
  });
});
