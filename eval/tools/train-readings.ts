/**
 * `npm run eval:train`: trains the rules engine's reading ranker and its calibrated confidence
 * (packages/core/src/nl/ranking) from the last `npm run eval -- --set spider-train`, on the calibration half
 * only (its first 69 databases by name; the report half is never read here), both wordings.
 *
 * 1. Cross-fitting: the calibration half's databases are dealt into FOLDS folds (sorted names, round
 *    robin); for each fold the ranker is trained on the others and predicts, on the fold's questions, the
 *    reading it would answer and that reading's probability. The L2 penalty is the one of a small grid
 *    whose held-out log-likelihood is best.
 * 2. Platt scaling (lib/ranking/platt.ts says why Platt) is fitted on all those out-of-fold predictions.
 * 3. The final weights are trained on the whole calibration half, and written with the Platt parameters
 *    to packages/core/src/nl/ranking/weights.json with the figures of the fit.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ReadingWeights, plattScaled, rankReadings } from '@askdata/core';
import { REPO_ROOT } from '../lib/eval-config';
import { type FitOptions, DEFAULT_FIT, type QuestionReadings, fitReadings, meanLogLoss } from '../lib/ranking/fit-readings';
import { fitPlatt } from '../lib/ranking/platt';
import { type JudgedReading, judgedReadings } from '../lib/ranking/stored-readings';
import { storedResults } from '../lib/rule-tally';
import { databasesOfHalf, loadSpiderTrainFixes, loadSpiderTrainQuestions } from '../spider-train/spider-train-set';

const WEIGHTS_PATH = join(REPO_ROOT, 'packages', 'core', 'src', 'nl', 'ranking', 'weights.json');
const FOLDS = 5;
const L2_GRID = [1, 3, 10, 30, 100];

interface Question extends QuestionReadings {
  db: string;
  readings: JudgedReading[];
}

const asWeights = (fit: { bias: number; weights: Record<string, number> }, platt = { a: 1, b: 0 }): ReadingWeights => ({ version: 1, trainedOn: '', bias: fit.bias, weights: fit.weights, platt });

/** The reading the weights answer, its probability, and whether it was right. */
function chosenOf(question: Question, weights: ReadingWeights): { p: number; right: boolean } {
  const top = rankReadings(question.readings.map((r) => r.features), weights)[0]!;
  return { p: top.probability, right: question.readings[top.index]!.right };
}

interface CrossFit {
  l2: number;
  heldOutLoss: number;
  predictions: Array<{ p: number; right: boolean }>;
}

function crossFit(questions: readonly Question[], folds: readonly Set<string>[], options: FitOptions): CrossFit {
  let loss = 0;
  const predictions: CrossFit['predictions'] = [];
  for (const fold of folds) {
    const train = questions.filter((q) => !fold.has(q.db));
    const test = questions.filter((q) => fold.has(q.db));
    const fit = fitReadings(train, options);
    loss += meanLogLoss(test, fit) * test.length;
    predictions.push(...test.map((q) => chosenOf(q, asWeights(fit))));
  }
  return { l2: options.l2, heldOutLoss: loss / questions.length, predictions };
}

const logLoss = (samples: ReadonlyArray<{ p: number; right: boolean }>, map: (p: number) => number = (p) => p): number =>
  samples.reduce((sum, s) => sum - Math.log(Math.min(1 - 1e-12, Math.max(1e-12, s.right ? map(s.p) : 1 - map(s.p)))), 0) / samples.length;

/**
 * The held-out answers by band of calibrated confidence: what the threshold rule (docs/accuracy.md, "Why
 * 0.5") is read on, since the final weights' own bands on the half they were trained on flatter them.
 */
function heldOutBands(predictions: ReadonlyArray<{ p: number; right: boolean }>, platt: ReadingWeights['platt']): NonNullable<ReadingWeights['heldOutBands']> {
  const calibrated = predictions.map((s) => ({ confidence: plattScaled(s.p, platt), right: s.right }));
  return Array.from({ length: 10 }, (_, i) => {
    const band = calibrated.filter((s) => s.confidence >= i / 10 && (i === 9 || s.confidence < (i + 1) / 10));
    return { from: i / 10, to: (i + 1) / 10, answers: band.length, right: band.filter((s) => s.right).length };
  });
}

const round = (v: number, places: number): number => Math.round(v * 10 ** places) / 10 ** places;

function main(): void {
  const results = storedResults('spider-train');
  if (results === undefined) throw new Error('run `npm run eval -- --set spider-train` first');
  const calibrationDbs = databasesOfHalf(loadSpiderTrainQuestions(loadSpiderTrainFixes()), 'first');
  const calibration = new Set(calibrationDbs);
  const questions: Question[] = results.filter((r) => calibration.has(r.class)).map((r) => ({ db: r.class, readings: judgedReadings(r) })).filter((q) => q.readings.length > 0);
  if (questions.length < 200) throw new Error(`only ${questions.length} judged questions with evidence: run the spider-train eval on this engine first`);
  const folds = Array.from({ length: FOLDS }, (_, k) => new Set(calibrationDbs.filter((_, i) => i % FOLDS === k)));

  const fits = L2_GRID.map((l2) => crossFit(questions, folds, { ...DEFAULT_FIT, l2 }));
  const best = fits.reduce((a, b) => (b.heldOutLoss < a.heldOutLoss ? b : a));
  const platt = fitPlatt(best.predictions);
  const final = fitReadings(questions, { ...DEFAULT_FIT, l2: best.l2 });
  const weights: Record<string, number> = {};
  for (const [name, w] of Object.entries(final.weights)) if (Math.abs(w) >= 0.0005) weights[name] = round(w, 4);
  const shipped: ReadingWeights = { version: 1, trainedOn: '', bias: round(final.bias, 4), weights, platt: { a: round(platt.a, 4), b: round(platt.b, 4) } };

  // Figures: readings, held-out fit, and how often the answered reading is right against the best possible.
  const readings = questions.reduce((n, q) => n + q.readings.length, 0);
  const several = questions.filter((q) => q.readings.length > 1);
  const oracle = questions.filter((q) => q.readings.some((r) => r.right)).length;
  const preferredRight = questions.filter((q) => q.readings.find((r) => r.preferred)?.right ?? q.readings[0]!.right).length;
  const top1 = questions.filter((q) => chosenOf(q, shipped).right).length;
  const top1HeldOut = best.predictions.filter((p) => p.right).length;
  const pct = (n: number, of: number): string => `${n}/${of} (${((100 * n) / of).toFixed(1)}%)`;
  const trainedOn = [
    `spider-train calibration half (${calibration.size} databases), both wordings: ${questions.length} questions with ${readings} judged readings, ${several.length} with several readings`,
    `log-linear over readings with a "none is right" option, L2 ${best.l2} (of ${L2_GRID.join('/')}, by ${FOLDS}-fold held-out log-likelihood per question: ${fits.map((f) => `${f.l2}: ${f.heldOutLoss.toFixed(4)}`).join(', ')}), features seen in at least ${DEFAULT_FIT.minSupport} questions, ${DEFAULT_FIT.steps} gradient steps`,
    `answered reading right: ${pct(top1, questions.length)} (held out ${pct(top1HeldOut, questions.length)}), builder's preferred reading ${pct(preferredRight, questions.length)}, some reading right (oracle) ${pct(oracle, questions.length)}`,
    `Platt a=${shipped.platt.a} b=${shipped.platt.b} on the held-out predictions: log-loss of the answered reading ${logLoss(best.predictions).toFixed(4)} before, ${logLoss(best.predictions, (p) => plattScaled(p, platt)).toFixed(4)} after`,
  ].join('; ');
  shipped.trainedOn = trainedOn;
  shipped.heldOutBands = heldOutBands(best.predictions, shipped.platt);
  writeFileSync(WEIGHTS_PATH, `${JSON.stringify(shipped, null, 1)}\n`);
  process.stdout.write(`${trainedOn.split('; ').join('\n')}\nfinal fit: penalised log-loss per question ${final.loss.toFixed(4)}\nwrote ${Object.keys(weights).length} weights to ${WEIGHTS_PATH}\n`);
  const bands = heldOutBands(best.predictions, shipped.platt);
  process.stdout.write('held-out answers by calibrated confidence (band: answers, right, precision):\n');
  for (const b of bands) process.stdout.write(`  ${b.from.toFixed(1)}-${b.to.toFixed(1)}: ${b.answers}, ${b.right}, ${b.answers === 0 ? '-' : `${((100 * b.right) / b.answers).toFixed(1)}%`}\n`);
}

main();
