/**
 * The confidence an answer is given, and whether it is sure enough to give: the calibrated model's
 * (calibrate.ts, with the weights fitted on spider-train's calibration half, weights.json) over the
 * reading's features. Below the threshold the question is declined, naming what was unsure.
 */
import type { QueryPlan } from '../../plan/query-plan';
import type { TraceEntry } from '../../planner/trace';
import { type ConfidenceWeights, calibrate } from './calibrate';
import { answerFeatures } from './features';
import fitted from './weights.json';

/**
 * The default threshold (MIN_CONFIDENCE): chosen from the risk-coverage curve of spider-train's calibration
 * half (docs/accuracy.md says why this point of the curve).
 */
export const DEFAULT_MIN_CONFIDENCE = 0.5;

export const FITTED_WEIGHTS: ConfidenceWeights = fitted;

export interface AnswerConfidence {
  confidence: number;
  evidence: Record<string, number>;
  /** The parts of the reading that lowered the confidence most, in words for a person. */
  doubts: string[];
}

/** A feature in words, pointing at the question's own words where the trace has them. */
function describe(feature: string, trace: readonly TraceEntry[]): string | undefined {
  if (feature.startsWith('rule:')) {
    const rule = feature.slice('rule:'.length);
    const entry = trace.find((e) => e.chosen && e.rule === rule);
    if (entry === undefined) return undefined;
    return entry.words === '' ? entry.reason : `"${entry.words}" (${entry.reason})`;
  }
  if (feature === 'understanding') return 'how much of the question I could read';
  if (feature.startsWith('shape:tables-')) return 'how the tables it needs are joined';
  if (feature === 'shape:related-rows') return 'the condition on related rows';
  if (feature === 'shape:one-row') return 'keeping only the top row';
  return undefined;
}

export function answerConfidence(trace: readonly TraceEntry[], plan: QueryPlan, understanding: number, weights: ConfidenceWeights = FITTED_WEIGHTS): AnswerConfidence {
  const features = answerFeatures(trace, plan, understanding);
  const { confidence, doubts } = calibrate(features, weights);
  const words = [...new Set(doubts.flatMap((d) => describe(d, trace) ?? []))].slice(0, 2);
  return { confidence, evidence: Object.fromEntries(features), doubts: words };
}
