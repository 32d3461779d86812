/**
 * Risk-coverage: precision against coverage as the confidence threshold moves (selective prediction's
 * standard report). Each judged reading of a set's last stored run (answered, or declined only for its
 * confidence) is scored with the fitted weights from the features it rested on, so the curve always
 * matches the weights in the tree. A table and an SVG chart (docs/accuracy-risk-coverage.svg).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MIN_CONFIDENCE, FITTED_WEIGHTS } from '@askdata/core';
import { judgedReadings, rescored } from '../lib/ranking/stored-readings';
import { REPO_ROOT } from '../lib/eval-config';
import type { StoredResult } from '../lib/results-file';
import { storedResults } from '../lib/rule-tally';
import { databasesOfHalf, loadSpiderTrainFixes, loadSpiderTrainQuestions } from '../spider-train/spider-train-set';
import { rankerWeightsTable } from './ranker-weights';
import { svgXYChart } from './xy-chart';

export const RISK_COVERAGE_SVG = join(REPO_ROOT, 'docs', 'accuracy-risk-coverage.svg');
/** The logistic confidence's curves before the reading ranker, frozen from its last full eval (the file says how). */
const BASELINE_PATH = join(REPO_ROOT, 'eval', 'reports', 'baseline-risk-coverage.json');

interface FrozenCurves {
  from: string;
  curves: Array<{ name: string; points: Array<{ threshold: number; coverage: number; precision: number }> }>;
}

const BASELINE_COLORS = ['#ff7f0e', '#bcbd22'];
const THRESHOLDS = [0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95];

interface Curve {
  name: string;
  color: string;
  questions: number;
  /** Each judged reading: its confidence with today's weights, and whether it was right. */
  readings: Array<{ confidence: number; right: boolean }>;
}

function curveOf(name: string, color: string, results: readonly StoredResult[]): Curve {
  const answerable = results.filter((r) => r.verdict !== 'correct-decline');
  const readings = answerable.flatMap((r) => {
    const verdict = r.judgedAs ?? (r.verdict === 'right' || r.verdict === 'wrong' ? r.verdict : undefined);
    if (verdict === undefined) return [];
    // Re-ranked with the weights in the tree: the reading they would answer, and its confidence.
    const again = rescored(judgedReadings(r), FITTED_WEIGHTS);
    return [again ?? { confidence: r.confidence ?? 1, right: verdict === 'right' }];
  });
  return { name, color, questions: answerable.length, readings };
}

function at(curve: Curve, threshold: number): { coverage: number; precision: number | undefined } {
  const kept = curve.readings.filter((r) => r.confidence >= threshold);
  const right = kept.filter((r) => r.right).length;
  return { coverage: kept.length / Math.max(1, curve.questions), precision: kept.length === 0 ? undefined : right / kept.length };
}

const pct = (v: number | undefined): string => (v === undefined ? '–' : `${(100 * v).toFixed(1)}%`);

export function riskCoverageSection(): string | undefined {
  const train = storedResults('spider-train');
  if (train === undefined) return undefined;
  const questions = loadSpiderTrainQuestions(loadSpiderTrainFixes());
  const second = new Set(databasesOfHalf(questions, 'second'));
  const isSyn = (r: StoredResult): boolean => r.id.endsWith('-syn');
  const curves: Curve[] = [
    curveOf('spider-train calibration half, both wordings', '#999999', train.filter((r) => !second.has(r.class))),
    curveOf('spider-train report half, question', '#1f77b4', train.filter((r) => second.has(r.class) && !isSyn(r))),
    curveOf('spider-train report half, synonymQuestion', '#17becf', train.filter((r) => second.has(r.class) && isSyn(r))),
  ];
  const visible = storedResults('spider');
  if (visible !== undefined) curves.push(curveOf('spider-visible', '#d62728', visible));
  const heldout = storedResults('heldout');
  if (heldout !== undefined) curves.push(curveOf('heldout', '#2ca02c', heldout));
  const grid = Array.from({ length: 20 }, (_, i) => i / 20);
  const baseline = JSON.parse(readFileSync(BASELINE_PATH, 'utf8')) as FrozenCurves;
  writeFileSync(
    RISK_COVERAGE_SVG,
    svgXYChart({
      title: 'Precision against coverage as the confidence threshold moves',
      xLabel: 'coverage (answered / asked)',
      yLabel: 'precision (right / answered)',
      series: [
        ...curves.map((c) => ({ name: c.name, color: c.color, points: grid.map((t) => at(c, t)).flatMap((p) => (p.precision === undefined ? [] : [{ x: p.coverage, y: p.precision }])) })),
        ...baseline.curves.map((c, i) => ({ name: c.name, color: BASELINE_COLORS[i % BASELINE_COLORS.length]!, dashed: true, points: c.points.map((p) => ({ x: p.coverage, y: p.precision })) })),
      ],
      mark: { label: `default ${DEFAULT_MIN_CONFIDENCE}`, points: curves.map((c) => at(c, DEFAULT_MIN_CONFIDENCE)).flatMap((p) => (p.precision === undefined ? [] : [{ x: p.coverage, y: p.precision }])) },
    }),
  );
  const calibration = curves[0]!;
  // The threshold's rule is read on the cross-fitted (held-out) answers the training kept: the final weights'
  // own bands on the half they were trained on flatter them. Without those, the calibration half's readings.
  const heldOut = FITTED_WEIGHTS.heldOutBands;
  const bands = Array.from({ length: 10 }, (_, i) => {
    const band = calibration.readings.filter((r) => r.confidence >= i / 10 && (i === 9 ? r.confidence <= 1 : r.confidence < (i + 1) / 10));
    const answers = heldOut?.[i]?.answers ?? band.length;
    const right = heldOut?.[i]?.right ?? band.filter((r) => r.right).length;
    return `| ${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)} | ${answers} | ${right} | ${answers === 0 ? '–' : pct(right / answers)} |`;
  });
  const rows = THRESHOLDS.map((t) => `| ${t === DEFAULT_MIN_CONFIDENCE ? `**${t}** (default)` : t} | ${curves.map((c) => { const p = at(c, t); return `${pct(p.coverage)} / ${pct(p.precision)}`; }).join(' | ')} |`);
  return [
    '## Risk and coverage: the confidence threshold',
    '',
    `Each answer's confidence is the calibrated probability of a learned ranker over the question's readings: where the words leave several readings open (kernel/choices.ts), each is scored from what it rests on (the rules and builder decisions that took part, typo and verb evidence, the plan's shape, how much of the question was read, each open choice and the option taken, how many readings there were, what the schema says of the columns read, and the question's logic words such as "or", "both", "every"), beside a "none is right" option; the most probable reading is answered, and its probability, Platt-scaled on cross-fitted predictions, is the confidence. With one reading this is a logistic regression. Trained on spider-train's calibration half only (\`npm run eval:train\`; ${FITTED_WEIGHTS.trainedOn}). Below MIN_CONFIDENCE (default **${DEFAULT_MIN_CONFIDENCE}**) the service declines and says which part it is least sure of. Each cell is coverage / precision when answers below the threshold are declined; the report half and the other sets were never used to fit or to choose. The dashed curves are the report half under the logistic confidence before the ranker, frozen from its last full eval (eval/reports/baseline-risk-coverage.json says how).`,
    '',
    `![precision against coverage](accuracy-risk-coverage.svg)`,
    '',
    `| threshold | ${curves.map((c) => c.name).join(' | ')} |`,
    `| --- | ${curves.map(() => '---:').join(' | ')} |`,
    ...rows,
    '',
    `**Why ${DEFAULT_MIN_CONFIDENCE}.** The default is the confidence below which, on the calibration half alone, the answers were more often wrong than right: a wrong figure costs at least as much as an honest decline, so a band of answers that is wrong more often than right should be declined. ${heldOut === undefined ? 'Readings by band of confidence on the calibration half (both wordings):' : "Answers by band of confidence on the calibration half (both wordings), each predicted by weights trained on the other folds of the half (cross-fitting, as `npm run eval:train` calibrates): the final weights' bands on the half they were trained on would flatter them:"}`,
    '',
    '| confidence | readings | right | precision |',
    '| --- | ---: | ---: | ---: |',
    ...bands,
    '',
    "On spider-visible and heldout the same threshold costs coverage for no precision: their readings are right far more often than spider-train's at the same confidence (spider-visible was tuned on; heldout was written by the team), so the calibration, fitted where the engine is weaker, is cautious there. The threshold is a setting (MIN_CONFIDENCE); an operator whose own measurements say otherwise can move it.",
    '',
    rankerWeightsTable(),
  ].join('\n');
}
