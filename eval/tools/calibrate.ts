/**
 * `npm run eval:calibrate`: fits the rules engine's calibrated confidence (packages/core/src/nl/confidence)
 * on the calibration half of spider-train: every reading of its 69 databases, in both wordings, that was
 * judged right or wrong in the last `npm run eval -- --set spider-train`, with the features it rested on.
 * A logistic regression with an L2 penalty, by plain gradient descent: a few thousand readings and a few
 * dozen features need nothing more, and keeping it here (forty lines) avoids a numerical library for one
 * fit. Writes packages/core/src/nl/confidence/weights.json; the report half is never read here.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../lib/eval-config';
import { storedResults } from '../lib/rule-tally';
import { databasesOfHalf, loadSpiderTrainFixes, loadSpiderTrainQuestions } from '../spider-train/spider-train-set';

const WEIGHTS_PATH = join(REPO_ROOT, 'packages', 'core', 'src', 'nl', 'confidence', 'weights.json');
const L2 = 1;
const STEPS = 4000;
const RATE = 0.5;
/** A feature seen fewer times than this is not given a weight of its own: too little to measure it. */
const MIN_SUPPORT = 8;

interface Sample {
  x: Map<string, number>;
  y: 0 | 1;
}

function fit(samples: readonly Sample[]): { bias: number; weights: Record<string, number> } {
  const support = new Map<string, number>();
  for (const s of samples) for (const name of s.x.keys()) support.set(name, (support.get(name) ?? 0) + 1);
  const names = [...support].filter(([, n]) => n >= MIN_SUPPORT).map(([name]) => name).sort();
  const index = new Map(names.map((name, i) => [name, i]));
  const w = new Float64Array(names.length);
  let bias = 0;
  const n = samples.length;
  for (let step = 0; step < STEPS; step++) {
    const grad = new Float64Array(names.length);
    let gradBias = 0;
    for (const s of samples) {
      let z = bias;
      for (const [name, value] of s.x) {
        const i = index.get(name);
        if (i !== undefined) z += w[i]! * value;
      }
      const error = 1 / (1 + Math.exp(-z)) - s.y;
      gradBias += error;
      for (const [name, value] of s.x) {
        const i = index.get(name);
        if (i !== undefined) grad[i]! += error * value;
      }
    }
    bias -= (RATE * gradBias) / n;
    for (let i = 0; i < w.length; i++) w[i]! -= RATE * (grad[i]! / n + (L2 * w[i]!) / n);
  }
  const weights: Record<string, number> = {};
  names.forEach((name, i) => {
    if (Math.abs(w[i]!) >= 0.005) weights[name] = Math.round(w[i]! * 1000) / 1000;
  });
  return { bias: Math.round(bias * 1000) / 1000, weights };
}

function main(): void {
  const results = storedResults('spider-train');
  if (results === undefined) throw new Error('run `npm run eval -- --set spider-train` first');
  const calibration = new Set(databasesOfHalf(loadSpiderTrainQuestions(loadSpiderTrainFixes()), 'first'));
  const samples: Sample[] = [];
  for (const r of results) {
    const verdict = r.judgedAs ?? (r.verdict === 'right' || r.verdict === 'wrong' ? r.verdict : undefined);
    if (verdict === undefined || r.evidence === undefined || !calibration.has(r.class)) continue;
    samples.push({ x: new Map(Object.entries(r.evidence)), y: verdict === 'right' ? 1 : 0 });
  }
  if (samples.length < 200) throw new Error(`only ${samples.length} judged readings with evidence: run the spider-train eval on this engine first`);
  const { bias, weights } = fit(samples);
  const right = samples.filter((s) => s.y === 1).length;
  const fittedOn = `spider-train calibration half (${calibration.size} databases): ${samples.length} judged readings in both wordings, ${right} right; logistic regression, L2 ${L2}, features seen at least ${MIN_SUPPORT} times; ${new Date().toISOString().slice(0, 10)}`;
  writeFileSync(WEIGHTS_PATH, `${JSON.stringify({ fittedOn, bias, weights }, null, 1)}\n`);
  process.stdout.write(`${fittedOn}\nwrote ${Object.keys(weights).length} weights to ${WEIGHTS_PATH}\n`);
}

main();
