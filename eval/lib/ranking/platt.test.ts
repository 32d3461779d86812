import { fitPlatt } from './platt';

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
const logit = (p: number): number => Math.log(p / (1 - p));

/** 1000 samples at each of nine probabilities, right as often as sigmoid(a·logit(p) + b) says. */
function samplesOf(a: number, b: number): Array<{ p: number; right: boolean }> {
  return [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].flatMap((p) => {
    const rightCount = Math.round(1000 * sigmoid(a * logit(p) + b));
    return Array.from({ length: 1000 }, (_, i) => ({ p, right: i < rightCount }));
  });
}

describe('Platt scaling', () => {
  it('recovers the map the outcomes were drawn from', () => {
    const { a, b } = fitPlatt(samplesOf(0.6, 0.5));
    expect(a).toBeCloseTo(0.6, 1);
    expect(b).toBeCloseTo(0.5, 1);
  });

  it('leaves calibrated probabilities nearly as they are', () => {
    const { a, b } = fitPlatt(samplesOf(1, 0));
    expect(Math.abs(a - 1)).toBeLessThan(0.02);
    expect(Math.abs(b)).toBeLessThan(0.02);
  });

  it('stays finite on perfectly separated outcomes', () => {
    const { a, b } = fitPlatt([0.2, 0.3, 0.7, 0.8].map((p) => ({ p, right: p > 0.5 })));
    expect(Number.isFinite(a) && Number.isFinite(b)).toBe(true);
    expect(a).toBeGreaterThan(0);
  });
});
