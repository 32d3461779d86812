import { readingsWeighedEntry } from './weighed-trace';
import type { ReadingWeights } from './log-linear';

const weights: ReadingWeights = { version: 1, trainedOn: 'a test', bias: 0, weights: { 'choice:column:0': 0.4, 'choice:column:1': -0.9, 'rule:x': 0.2 }, platt: { a: 1, b: 0 } };

describe('the trace entry of the readings weighed', () => {
  it('names every reading with its probability, and the features that decided between the first two', () => {
    const entry = readingsWeighedEntry(
      [
        { probability: 0.71, evidence: { 'choice:column:0': 1, 'rule:x': 1 }, choices: [{ point: 'column', options: ['customer country', 'supplier country'], taken: 0, words: 'country' }] },
        { probability: 0.12, evidence: { 'choice:column:1': 1, 'rule:x': 1 }, choices: [{ point: 'column', options: ['customer country', 'supplier country'], taken: 1, words: 'country' }] },
      ],
      weights,
    );
    expect(entry).toMatchObject({ step: 'verify', rule: 'verify.readings-weighed', chosen: true });
    expect(entry.reason).toBe('weighed 2 readings: answered: "country" as customer country (probability 0.71); "country" as supplier country (probability 0.12); deciding between the first two: choice:column:1 +0.90, choice:column:0 +0.40');
  });

  it('says so when nothing learned tells the first two apart', () => {
    const tie = { probability: 0.4, evidence: { 'rule:x': 1 }, choices: [] };
    expect(readingsWeighedEntry([tie, tie], weights).reason).toContain('nothing learned tells the first two apart');
  });
});
