/**
 * A stored eval result as the ranker sees it: the question's judged readings, each with the features it
 * rested on and whether its answer was right. A question with several readings stored them as candidates
 * (each executed and judged); one with a single reading has its evidence and verdict at the top (judgedAs
 * when it was declined only for its confidence). Results with no judged reading (declined by the rules,
 * or unanswerable) give none.
 */
import { type Features, type ReadingWeights, rankReadings } from '@askdata/core';
import type { StoredResult } from '../results-file';

export interface JudgedReading {
  features: Features;
  right: boolean;
  /** The builder's own preference: the reading it gave before there was a ranker. */
  preferred: boolean;
}

export function judgedReadings(result: StoredResult): JudgedReading[] {
  if (result.candidates !== undefined && result.candidates.length > 0) {
    // Stored answered-first; the builder's preferred reading (every choice its first option) goes first, as
    // at run time, where it wins a tie.
    const preferred = result.candidates.filter((c) => c.choices.every((choice) => choice.taken === 0));
    const ordered = [...preferred, ...result.candidates.filter((c) => !preferred.includes(c))];
    return ordered.map((c) => ({ features: new Map(Object.entries(c.evidence)), right: c.verdict === 'right', preferred: preferred.includes(c) }));
  }
  const verdict = result.judgedAs ?? (result.verdict === 'right' || result.verdict === 'wrong' ? result.verdict : undefined);
  if (verdict === undefined || result.evidence === undefined) return [];
  return [{ features: new Map(Object.entries(result.evidence)), right: verdict === 'right', preferred: true }];
}

/** The reading `weights` would answer, with its calibrated confidence and whether it was right. */
export function rescored(readings: readonly JudgedReading[], weights: ReadingWeights): { confidence: number; right: boolean } | undefined {
  if (readings.length === 0) return undefined;
  const chosen = rankReadings(readings.map((r) => r.features), weights)[0]!;
  return { confidence: chosen.confidence, right: readings[chosen.index]!.right };
}
