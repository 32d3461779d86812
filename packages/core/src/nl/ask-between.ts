/**
 * When to ask which of two readings is meant, and how to ask it. Two readings are a close call when
 * nothing measured separates them: the words tied between two columns or routes (the builder had no
 * preference), or their calibrated confidences are within CLOSE_MARGIN. The planner then hands both to
 * the pipeline, which runs them: a close call whose rows agree is answered (the choice did not matter),
 * one whose rows differ is a clarifying question naming both (answer-question.ts).
 */
import type { ReadingCandidate } from '../planner/planner';

/** Confidences closer than this are not told apart by the calibration (its bins are a tenth wide). */
export const CLOSE_MARGIN = 0.1;

type Choice = ReadingCandidate['choices'][number];

/** The first choice at which two readings of one question went different ways. */
function firstDifference(a: ReadingCandidate, b: ReadingCandidate): { at: Choice; other: Choice } | undefined {
  for (let i = 0; i < Math.min(a.choices.length, b.choices.length); i++) {
    const [x, y] = [a.choices[i]!, b.choices[i]!];
    if (x.taken !== y.taken) return { at: x, other: y };
  }
  return undefined;
}

/**
 * The runner-up worth asking about, among `others` (most likely first), or none. `calibrated` says
 * whether the confidences were measured (introspected models); a hand-written model's readings share one
 * confidence, so only a tie of the words makes a close call there.
 */
export function closeRunnerUp(chosen: ReadingCandidate, others: readonly ReadingCandidate[], calibrated: boolean): ReadingCandidate | undefined {
  return others.find((other) => {
    const difference = firstDifference(chosen, other);
    if (difference === undefined) return false;
    if (difference.at.tied === true) return true;
    return calibrated && CLOSE_MARGIN < 0 && chosen.confidence - other.confidence <= CLOSE_MARGIN;
  });
}

/** The question back, in the words of the choice the two readings differ at. */
export function askBetween(chosen: ReadingCandidate, runnerUp: ReadingCandidate): { message: string; options: string[] } {
  const difference = firstDifference(chosen, runnerUp)!;
  const options = [difference.at.options[difference.at.taken]!, difference.other.options[difference.other.taken]!];
  const message = difference.at.words === undefined || difference.at.words.trim() === '' ? `Do you mean ${options[0]} or ${options[1]}?` : `"${difference.at.words}" could mean ${options[0]} or ${options[1]}. Which one do you mean?`;
  return { message, options };
}
