import { doubtsOf, plattScaled, rankReadings, readingProbabilities, readingScore, type ReadingWeights } from './log-linear';

const model: ReadingWeights = { version: 1, trainedOn: 'test', bias: 1, weights: { 'rule:a': -2, 'rule:b': -0.5, 'rule:c': 3 }, platt: { a: 1, b: 0 } };
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

describe('the log-linear reading model', () => {
  it('with one reading is the logistic model over its features', () => {
    const features = new Map([['rule:a', 1], ['rule:b', 1], ['rule:c', 1], ['rule:unknown', 1]]);
    expect(readingScore(features, model)).toBeCloseTo(1.5, 10);
    expect(readingProbabilities([1.5])[0]).toBeCloseTo(sigmoid(1.5), 12);
    expect(rankReadings([features], model)[0]!.confidence).toBeCloseTo(sigmoid(1.5), 3);
  });

  it('shares the probability among the readings and "none is right", without overflow', () => {
    const p = readingProbabilities([2, 0, -1]);
    const none = 1 - p.reduce((a, b) => a + b, 0);
    expect(none).toBeCloseTo(1 / (1 + Math.exp(2) + 1 + Math.exp(-1)), 12);
    expect(p[0]).toBeCloseTo(Math.exp(2) / (1 + Math.exp(2) + 1 + Math.exp(-1)), 12);
    expect(readingProbabilities([800, 799]).every(Number.isFinite)).toBe(true);
  });

  it('ranks the most probable reading first, the earlier one on a tie', () => {
    const plain = new Map([['rule:b', 1]]);
    const better = new Map([['rule:c', 1]]);
    expect(rankReadings([plain, better, plain], model).map((r) => r.index)).toEqual([1, 0, 2]);
  });

  it('names the features that lowered the score, most first, and ignores names it does not declare (built-in ones included)', () => {
    expect(doubtsOf(new Map([['rule:b', 1], ['rule:a', 1], ['rule:c', 1], ['constructor', 1], ['__proto__', 1]]), model)).toEqual(['rule:a', 'rule:b']);
    expect(readingScore(new Map([['constructor', 1], ['__proto__', 1]]), { bias: 0, weights: {} })).toBe(0);
  });

  it('calibrates through the Platt map a·logit(p) + b', () => {
    expect(plattScaled(0.5, { a: 1, b: 0 })).toBeCloseTo(0.5, 12);
    expect(plattScaled(0.8, { a: 0.5, b: 0.2 })).toBeCloseTo(sigmoid(0.5 * Math.log(4) + 0.2), 12);
  });
});
